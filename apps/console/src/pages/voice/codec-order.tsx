import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined } from '@ant-design/icons';
import { VOICE_CODECS } from '@igs/contract';
import { Button, Select, Space, Tooltip } from 'antd';
import { useT } from '../../i18n/index.ts';
import { moveItem } from './move-item.ts';

/**
 * The codecs in order of preference (DOMAIN: an ordered subset): the chosen ones as a list that
 * can be reordered, and a picker of the ones left. A form control (value/onChange).
 */
export function CodecOrder({
  value = [],
  onChange,
  disabled,
}: {
  value?: string[];
  onChange?: (v: string[]) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const left = VOICE_CODECS.filter((c) => !value.includes(c));
  return (
    <div
      className="codec-order"
      style={{ maxWidth: 360, border: '1px solid rgba(128,128,128,0.3)', borderRadius: 6, padding: 4 }}
    >
      <ol className="codec-order-list" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {value.map((codec, i) => (
          <li
            key={codec}
            style={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              padding: '2px 8px',
            }}
          >
            <Space>
              <span style={{ opacity: 0.5 }}>{i + 1}.</span>
              {codec}
            </Space>
            {!disabled && (
              <Space size={0}>
                <Tooltip title={t('vset.up')}>
                  <Button
                    size="small"
                    type="text"
                    aria-label={`${t('vset.up')} ${codec}`}
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    onClick={() => onChange?.(moveItem(value, i, -1))}
                  />
                </Tooltip>
                <Tooltip title={t('vset.down')}>
                  <Button
                    size="small"
                    type="text"
                    aria-label={`${t('vset.down')} ${codec}`}
                    icon={<ArrowDownOutlined />}
                    disabled={i === value.length - 1}
                    onClick={() => onChange?.(moveItem(value, i, 1))}
                  />
                </Tooltip>
                <Tooltip title={t('vset.remove')}>
                  <Button
                    size="small"
                    type="text"
                    aria-label={`${t('vset.remove')} ${codec}`}
                    icon={<CloseOutlined />}
                    onClick={() => onChange?.(value.filter((c) => c !== codec))}
                  />
                </Tooltip>
              </Space>
            )}
          </li>
        ))}
      </ol>
      {!disabled && left.length > 0 && (
        <Select
          style={{ width: 200, marginTop: 8 }}
          placeholder={t('vset.codecAdd')}
          value={null}
          options={left.map((c) => ({ value: c, label: c }))}
          onChange={(c: string | null) => c && onChange?.([...value, c])}
        />
      )}
    </div>
  );
}
