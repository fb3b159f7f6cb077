import { Alert, Button, Modal } from 'antd';
import { Component, type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import { useT } from '../../i18n/index.ts';
import { logError } from '../../stores/error-log.ts';
import './dialog-load-texts.ts';

/** The import of a lazily loaded dialog's code failed (a dropped link, a redeploy's new chunk names). */
export class DialogLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'DialogLoadError';
  }
}

/**
 * React.lazy that can be tried again: a React.lazy whose import failed stays failed, so after a
 * failure the next `get()` makes a new one, which imports again. A failure is thrown as a
 * DialogLoadError, the one error DialogLoadBoundary catches.
 */
export function retryableLazy<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { get: () => LazyExoticComponent<ComponentType<P>> } {
  let current: LazyExoticComponent<ComponentType<P>> | undefined;
  const get = () => {
    if (current) return current;
    const made = lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          if (current === made) current = undefined;
          throw new DialogLoadError(error);
        },
      ),
    );
    current = made;
    return made;
  };
  return { get };
}

interface FailedDialogProps {
  title: string;
  open: boolean;
  /** No way to close it (the weak-password dialog): the message and the retry button only. */
  forced: boolean;
  /** Retrying: the button spins. */
  retrying?: boolean;
  onRetry: () => void;
  onClose: () => void;
}

/** In place of a dialog whose code did not load: the dialog's title, why it is missing, a retry. */
export function FailedDialog({ title, open, forced, retrying = false, onRetry, onClose }: FailedDialogProps) {
  const t = useT();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={forced ? undefined : onClose}
      closable={!forced}
      keyboard={!forced}
      mask={{ closable: !forced }}
      footer={
        <Button type="primary" loading={retrying} onClick={onRetry}>
          {t('dialogLoad.retry')}
        </Button>
      }
    >
      {forced && (
        <Alert type="warning" showIcon title={t('password.weakWarning')} style={{ marginBottom: 16 }} />
      )}
      <Alert type="error" showIcon role="alert" title={t('dialogLoad.failed')} />
    </Modal>
  );
}

interface DialogLoadBoundaryProps extends Omit<FailedDialogProps, 'retrying'> {
  children: ReactNode;
}

/**
 * Around one lazily loaded dialog: when its code fails to load, the dialog's place shows
 * FailedDialog instead of the error reaching the route's error screen (which would take the whole
 * shell down). Retrying, or opening the dialog again after closing it, calls `onRetry`, which is
 * expected to draw the dialog anew (a new lazy component, this boundary remounted). Any other error
 * goes on to the boundaries above, as before.
 */
export class DialogLoadBoundary extends Component<DialogLoadBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (error instanceof DialogLoadError) logError(error);
  }

  override componentDidUpdate(previous: DialogLoadBoundaryProps) {
    // Closed after the failure and opened again: try the import again.
    if (this.state.error && this.props.open && !previous.open) this.props.onRetry();
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (!(error instanceof DialogLoadError)) throw error;
    const { children: _, ...props } = this.props;
    return <FailedDialog {...props} />;
  }
}
