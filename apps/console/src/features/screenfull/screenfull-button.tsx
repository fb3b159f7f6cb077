import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../i18n/index.ts';
import { toggleFullscreen } from './screenfull.ts';

export function ScreenfullButton() {
  const t = useT();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));

  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const onClick = async () => {
    const problem = await toggleFullscreen();
    if (problem) toast.warning(problem);
  };

  const label = full ? t('shell.exitFullscreen') : t('shell.fullscreen');
  const Icon = full ? FullscreenExitOutlined : FullscreenOutlined;
  return (
    <Tooltip title={label}>
      <Icon className="navbar__icon" onClick={onClick} aria-label={label} />
    </Tooltip>
  );
}
