/**
 * Preloaded into the Parley child process by the test stack (`node --import <this file>`).
 * The stack keeps the child's stdin open as a lifeline: when the stack process dies for any reason
 * (even SIGKILL, which runs no handler), the pipe closes and the child shuts itself down instead of
 * lingering on its port. The hard exit bounds a shutdown that hangs.
 */
const forceExitAfterMs = 5000;

process.stdin.on('end', () => {
  setTimeout(() => process.exit(1), forceExitAfterMs).unref();
  process.kill(process.pid, 'SIGTERM');
});
process.stdin.on('error', () => process.stdin.emit('end'));
process.stdin.resume();
