import { ArrowLeftOutlined, SettingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SCENE_EDITOR, SCENE_OTHER_PATH } from '../../features/module-extras/scene-extras.ts';
import { resourceKeys } from '../../features/resource/api.ts';
import { RouteButton, routeWithSite, useGrantedRoute } from '../../features/resource/editor-links.tsx';
import { tabKeyOf } from '../../features/resource/module-tabs.ts';
import { RecordFields, useRecordForm } from '../../features/resource/record-form.tsx';
import { resourceDefsOf } from '../../features/resource/resource-modules.ts';
import { useResourceButtons } from '../../features/resource/use-resource-buttons.ts';
import { useT } from '../../i18n/index.ts';
import { findMenu } from '../../router/menu-routes.tsx';
import { usePermissionStore } from '../../stores/permission.ts';
import { useUserStore } from '../../stores/user.ts';
import { CarouselEditor } from './carousel-editor.tsx';
import { SCENE_PARAM, sceneDef as scene, sceneIdOf } from './scene-edit-model.ts';
import './scene-edit-texts.ts';

/**
 * The scene list this editor belongs to: the route's activeMenu (/smart/scene, or the operations
 * App menu, whose Scenario tab it opens), when the role holds it.
 */
function useSceneList(): { path: string; query: Record<string, string> } | undefined {
  const menus = usePermissionStore((s) => s.menus);
  return useMemo((): { path: string; query: Record<string, string> } | undefined => {
    const list = findMenu(menus, SCENE_EDITOR.path)?.meta.activeMenu;
    const node = list ? findMenu(menus, list) : undefined;
    if (!list || !node) return undefined;
    // A module with several tabs opens on the scenes' one.
    return resourceDefsOf(node.component).length > 1
      ? { path: list, query: { tab: tabKeyOf(scene) } }
      : { path: list, query: {} };
  }, [menus]);
}

/** One scene's form and, once it is saved, its carousel. Keyed by the scene: a new one starts clean. */
function SceneEditor({ sceneId }: { sceneId: number }) {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const isOperations = useUserStore((s) => s.isOperations);
  const can = useResourceButtons(scene);
  const mode = sceneId ? 'edit' : 'add';
  const canSave = mode === 'add' ? can.add : can.edit;
  const list = useSceneList();
  const otherGranted = useGrantedRoute(SCENE_OTHER_PATH);

  const state = useRecordForm({
    def: scene,
    mode,
    id: sceneId || undefined,
    onSaved: (id) => {
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(scene.name) });
      // A new scene stays open, now saved, so its carousel can be added; an edit stays too.
      if (mode === 'add')
        navigate(routeWithSite(SCENE_EDITOR.path, { [SCENE_PARAM]: id }, location.search, isOperations), {
          replace: true,
        });
    },
  });
  const name = typeof state.detail.data?.name === 'string' ? state.detail.data.name : '';

  return (
    <Flex vertical gap={16} className="scene-edit-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }} className="scene-edit-title">
          {mode === 'add' ? t('sceneEdit.addTitle') : name || t('sceneEdit.editTitle', { id: sceneId })}
        </Typography.Title>
        <Space wrap>
          {list && (
            <RouteButton icon={<ArrowLeftOutlined />} path={list.path} query={list.query}>
              {t('sceneEdit.back')}
            </RouteButton>
          )}
          {sceneId > 0 && otherGranted && (
            <RouteButton icon={<SettingOutlined />} path={SCENE_OTHER_PATH} query={{ scene_id: sceneId }}>
              {t('sceneEdit.other')}
            </RouteButton>
          )}
        </Space>
      </Flex>
      <Card title={t('sceneEdit.details')} className="scene-edit-form">
        {!canSave && (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('sceneEdit.readOnly')} />
        )}
        <RecordFields def={scene} mode={mode} state={state} disabled={!canSave} columns={2} />
        {canSave && (
          <Space>
            <Button
              type="primary"
              loading={state.saving}
              disabled={!state.initial}
              onClick={() => void state.submit()}
            >
              {t('sceneEdit.save')}
            </Button>
            <Button disabled={!state.initial} onClick={() => state.form.resetFields()}>
              {t('sceneEdit.reset')}
            </Button>
          </Space>
        )}
      </Card>
      <Card title={t('sceneEdit.carousel')} className="scene-edit-carousel">
        {sceneId > 0 ? (
          <CarouselEditor sceneId={sceneId} />
        ) : (
          <Typography.Text type="secondary">{t('sceneEdit.carouselAfterSave')}</Typography.Text>
        )}
      </Card>
    </Flex>
  );
}

/**
 * smart/SceneEdit (DOMAIN 1.3, `/scenelistadd`): adds a scene, or with `?scene_id=N` edits scene N
 * and its carousel. Kept alive in a tab keyed by its path, it follows its query: while hidden it
 * reads the address it was last shown at (features/keep-alive), never another tab's.
 */
export default function SceneEdit() {
  const [params] = useSearchParams();
  const isOperations = useUserStore((s) => s.isOperations);
  const requested = sceneIdOf(params, isOperations);
  const [sceneId, setSceneId] = useState(requested);
  useEffect(() => {
    setSceneId(requested);
  }, [requested]);
  return <SceneEditor key={sceneId} sceneId={sceneId} />;
}
