import { Dropdown, type MenuProps, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { translateTitle, useT } from '../../i18n/index.ts';
import { useTagsViewStore } from '../../stores/tags-view.ts';
import { nextViewAfterClose, tagTitle, type VisitedView } from './operations.ts';

export interface TagsViewProps {
  activePath: string | undefined;
}

/** The tab bar of visited pages, with the right-click menu of spec section 2. */
export function TagsView({ activePath }: TagsViewProps) {
  const t = useT();
  const navigate = useNavigate();
  const views = useTagsViewStore((s) => s.visitedViews);

  const goTo = (view: VisitedView | undefined) => navigate(view ? view.fullPath : '/');

  const close = (view: VisitedView) => {
    if (view.meta.affix) return;
    const store = useTagsViewStore.getState();
    const before = store.visitedViews;
    store.delView(view.path);
    if (view.path === activePath)
      goTo(nextViewAfterClose(before, view.path, useTagsViewStore.getState().visitedViews));
  };

  const closeOthers = (view: VisitedView) => {
    if (view.path !== activePath) navigate(view.fullPath);
    useTagsViewStore.getState().delOthersViews(view.path);
  };

  const closeAll = () => {
    const store = useTagsViewStore.getState();
    store.delAllViews();
    const left = useTagsViewStore.getState().visitedViews;
    if (!left.some((v) => v.path === activePath)) goTo(left.at(-1));
  };

  const refresh = (view: VisitedView) => {
    // A new keep-alive key re-mounts the page in place with fresh state.
    useTagsViewStore.getState().refreshView(view.path);
    if (view.path !== activePath) navigate(view.fullPath);
  };

  const menuFor = (view: VisitedView): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tags.refresh') },
      { key: 'close', label: t('tags.close'), disabled: view.meta.affix === true },
      { key: 'closeOthers', label: t('tags.closeOthers') },
      { key: 'closeAll', label: t('tags.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') refresh(view);
      else if (key === 'close') close(view);
      else if (key === 'closeOthers') closeOthers(view);
      else if (key === 'closeAll') closeAll();
    },
  });

  return (
    <div className="tags-view">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activePath}
        onChange={(key) => goTo(views.find((v) => v.path === key))}
        onEdit={(key, action) => {
          const view = views.find((v) => v.path === key);
          if (action === 'remove' && view) close(view);
        }}
        items={views.map((view) => ({
          key: view.path,
          closable: view.meta.affix !== true,
          label: (
            // Destroyed when hidden: a menu fading out from the last right-click is never the one
            // a second right-click's choice lands on (as for the user menu).
            <Dropdown menu={menuFor(view)} trigger={['contextMenu']} destroyOnHidden>
              <span className="tags-view__label" data-path={view.path}>
                {tagTitle(view, translateTitle)}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}
