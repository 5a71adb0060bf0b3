import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { ActionButton } from './action-button.tsx';
import type { MessageActionContext } from './actions/message-action.ts';
import { availableActions } from './actions/message-actions-registry.ts';
import { SiblingNav } from './sibling-nav.tsx';
import { useCopy } from '../../components/use-copy.ts';

export interface MessageActionsProps {
  context: Omit<MessageActionContext, 'copied' | 'copy'>;
  siblingIndex: number;
  siblingCount: number;
  onSelectSibling(index: number): void;
  /** The last message keeps its toolbar visible; earlier ones show it on hover. */
  alwaysVisible: boolean;
}

/** The toolbar under a message: versions, then the actions of the registry that apply (SPEC point 4). */
export function MessageActions(props: MessageActionsProps) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  const context: MessageActionContext = { ...props.context, copied, copy };
  return (
    <div data-testid="message-actions" className={cn('flex items-center gap-0.5', context.message.isCreatedByUser && 'justify-end')}>
      <SiblingNav index={props.siblingIndex} count={props.siblingCount} onSelect={props.onSelectSibling} disabled={context.scope.submitting} />
      <div
        className={cn(
          'flex items-center gap-0.5 transition-opacity',
          // Hidden, it lets the pointer through to what lies below (a question's toolbar hangs over the reply).
          props.alwaysVisible ? 'pointer-events-auto opacity-100' : 'pointer-events-none opacity-0 focus-within:pointer-events-auto focus-within:opacity-100 group-hover:pointer-events-auto group-hover:opacity-100 [@media(hover:none)]:pointer-events-auto [@media(hover:none)]:opacity-100',
        )}
      >
        {availableActions(context).map((action) => {
          const Icon = action.icon(context);
          return (
            <ActionButton key={action.name} label={t(action.label(context))} data-testid={action.testId} onClick={() => action.perform(context)}>
              <Icon aria-hidden className={cn('size-4', action.iconClassName?.(context))} />
            </ActionButton>
          );
        })}
      </div>
    </div>
  );
}
