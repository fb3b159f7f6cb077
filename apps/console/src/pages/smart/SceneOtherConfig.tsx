import { resourceCalls, sceneOtherCalls, sceneOtherOpsCalls } from '@igs/contract/calls';
import { scenarioOther } from '@igs/contract/extras';
import { Alert, Button, Flex, Form, QRCode, Select, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { toast } from '../../app/feedback.ts';
import { SingletonForm } from '../../features/singleton-form/singleton-form.tsx';
import { useSingleton, useSingletonButton } from '../../features/singleton-form/use-singleton.ts';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useUserStore } from '../../stores/user.ts';
import './scene-other-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

/** `?scene_id=` picks the scenario (the scene list links here); absent or 0 means the site's values. */
export function sceneIdOf(params: URLSearchParams): number {
  const n = Number(params.get('scene_id'));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

function QrPreview({ title, value }: { title: string; value: string }) {
  if (!value) return null;
  return (
    <Flex vertical align="center" gap={4}>
      <QRCode value={value} size={140} />
      <Typography.Text type="secondary">{title}</Typography.Text>
    </Flex>
  );
}

/** smart/SceneOtherConfig (DOMAIN 2.8 `scenario_other`): Wi-Fi, front desk, check-out and notice. */
export default function SceneOtherConfig() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const sceneId = sceneIdOf(params);
  const isOperations = useUserStore((s) => s.isOperations);
  const calls = isOperations === 1 ? sceneOtherOpsCalls : sceneOtherCalls;
  const canEdit = useSingletonButton(scenarioOther, 'edit');
  const { refresh, sites } = useSingleton(scenarioOther, { scene_id: sceneId });
  const scenes = useScopedQuery({
    queryKey: ['resource', 'index:scenario', 'options', isOperations],
    queryFn: ({ sites }) =>
      call(
        resourceCalls(isOperations ? '/operations/index/scenario' : '/admin.php/index/scenario').options,
        { limit: 200 },
        { loading: false, sites },
      ),
  });

  const inherit = async () => {
    await call(calls.form, { scene_id: sceneId, inherit: 1 }, { sites });
    toast.success(t('sceneOther.inheritDone'));
    await refresh();
  };

  return (
    <div className="scene-other-page">
      <Form.Item label={t('sceneOther.scope')} style={{ maxWidth: 720 }}>
        <Select
          value={sceneId}
          loading={scenes.isFetching}
          onChange={(v: number) => {
            const next = new URLSearchParams(params);
            if (v) next.set('scene_id', String(v));
            else next.delete('scene_id');
            setParams(next, { replace: true });
          }}
          options={[{ value: 0, label: t('sceneOther.site') }, ...(scenes.data ?? [])]}
        />
      </Form.Item>
      <SingletonForm
        def={scenarioOther}
        params={{ scene_id: sceneId }}
        header={(v) => (
          <>
            {sceneId > 0 && (
              <Alert
                style={{ marginBottom: 16 }}
                showIcon
                type={v.inherited ? 'info' : 'success'}
                title={t(v.inherited ? 'sceneOther.inherited' : 'sceneOther.own')}
              />
            )}
            <Flex gap={32} style={{ marginBottom: 16 }}>
              <QrPreview title={t('sceneOther.wifiQr')} value={String(v.wifi_qr_text ?? '')} />
              <QrPreview title={t('sceneOther.serviceQr')} value={String(v.service_qr_url ?? '')} />
            </Flex>
          </>
        )}
        actions={(_form, v) =>
          canEdit && sceneId > 0 && !v.inherited ? (
            <Button onClick={() => void inherit().catch(() => {})}>{t('sceneOther.inherit')}</Button>
          ) : null
        }
      />
    </div>
  );
}
