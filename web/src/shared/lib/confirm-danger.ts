import type { App } from 'antd';

export interface DangerConfirmTexts {
  title: string;
  body: string;
  /** The red button's label, and the one that keeps things as they are. */
  ok: string;
  cancel: string;
}

/**
 * Asks before a step that cannot be undone (remove, withdraw, reject): antd's confirm dialog with a red
 * confirm button; `onOk` runs on it (the dialog waits while its promise is pending).
 */
export function confirmDanger(
  modal: ReturnType<typeof App.useApp>['modal'],
  texts: DangerConfirmTexts,
  onOk: () => unknown,
): void {
  modal.confirm({
    title: texts.title,
    content: texts.body,
    okText: texts.ok,
    okButtonProps: { danger: true },
    cancelText: texts.cancel,
    onOk,
  });
}
