// Preloaded into Parley (NODE_OPTIONS=--import) by `startBenchParley`, and into the floor relay by
// `startFloorRelay`, when a CPU profile is asked for: Node 20 refuses --cpu-prof in NODE_OPTIONS, so the profiler is driven through the inspector.
// The in-thread session answers synchronously, which lets the profile be written on exit.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  process.once('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (error) return;
      writeFileSync(path.join(dir, `${process.env.BENCH_CPU_PROFILE_NAME ?? 'parley'}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
