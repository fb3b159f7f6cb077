/** The server's texts of one area (server-texts/index.ts). */
export const disksTexts = {
  'disks.nameMustDeviceName': {
    en: 'name must be a device name such as sdb',
    zh_CN: 'name 须为设备名，如 sdb',
  },
  'disks.systemRoleBelongsDisk': {
    en: 'The system role belongs to the disk holding / and cannot be given to another disk',
    zh_CN: '系统角色属于挂载根目录 / 的磁盘，不能设置给其他磁盘',
  },
  'disks.noDiskNamed': { en: 'No disk named {name}', zh_CN: '没有名为 {name} 的磁盘' },
  'disks.systemDiskSRole': { en: "The system disk's role cannot be changed", zh_CN: '系统盘的角色不能修改' },
  'disks.mustAbsolutePathWithout': {
    en: '{field} must be an absolute path without ".."',
    zh_CN: '{field} 须为不含“..”的绝对路径',
  },
  'disks.intRange': { en: '{field} must be {min}–{max}', zh_CN: '{field} 须为 {min}–{max}' },
  'disks.deviceMustDevicePath': {
    en: 'device must be a device path such as /dev/sdb1',
    zh_CN: 'device 须为设备路径，如 /dev/sdb1',
  },
  'disks.lsblkNotAvailableHost': {
    en: 'lsblk is not available on this host: the device cannot be checked, so nothing is done',
    zh_CN: '本机无法使用 lsblk：无法核对设备，未执行任何操作',
  },
  'disks.lsblkListsNoDisk': {
    en: 'lsblk lists no disk or partition {raw}',
    zh_CN: 'lsblk 未列出磁盘或分区 {raw}',
  },
  'disks.systemDiskHoldsCannot': {
    en: '{raw} is on the system disk {path} (it holds /): it cannot be mounted, unmounted or formatted here',
    zh_CN: '{raw} 位于系统盘 {path}（挂载了根目录 /）：不能在此挂载、卸载或格式化',
  },
  'disks.notAppliedHostIgs': {
    en: 'Not applied on this host: IGS_APPLY is not 1 (not run: {line})',
    zh_CN: '未在本机执行：IGS_APPLY 未设为 1（未执行：{line}）',
  },
  'disks.notInstalledHost': { en: '{program} is not installed on this host', zh_CN: '本机未安装 {program}' },
  'disks.mountpointMustFolderUnder': {
    en: 'mountpoint must be a folder under /mnt, /media or /srv, such as /mnt/record',
    zh_CN: 'mountpoint 须为 /mnt、/media 或 /srv 下的目录，如 /mnt/record',
  },
  'disks.partitionsMountOneThem': {
    en: '{path} has partitions: mount one of them',
    zh_CN: '{path} 有分区：请挂载其中的分区',
  },
  'disks.noFileSystemFormat': {
    en: '{path} has no file system: format it first',
    zh_CN: '{path} 没有文件系统：请先格式化',
  },
  'disks.alreadyUsed': { en: '{mp} is already used by {path}', zh_CN: '{mp} 已被 {path} 使用' },
  'disks.notMounted': { en: '{path} is not mounted', zh_CN: '{path} 未挂载' },
  'disks.labelLettersDigits': {
    en: 'label: 1 to 11 letters, digits, _ or -',
    zh_CN: 'label：1 到 11 个字母、数字、_ 或 -',
  },
  'disks.confirmMustRepeatDevice': {
    en: 'confirm must repeat the device path: formatting erases everything on it',
    zh_CN: 'confirm 须重复填写设备路径：格式化将清除其上全部数据',
  },
  'disks.partitionsFormatOneThem': {
    en: '{path} has partitions: format one of them',
    zh_CN: '{path} 有分区：请格式化其中的分区',
  },
  'disks.systemFolderUnder': {
    en: '{field}: {folder} is a folder of the operating system; choose a folder on a mounted data disk ({where})',
    zh_CN: '{field}：{folder} 属于操作系统目录，请选择已挂载数据盘上的目录（{where}）',
  },
  'disks.systemFolder': {
    en: '{field}: {folder} is a folder of the operating system; choose a folder on a mounted data disk',
    zh_CN: '{field}：{folder} 属于操作系统目录，请选择已挂载数据盘上的目录',
  },
  'disks.notOnDataDiskUnder': {
    en: '{field}: {folder} is not on a mounted data disk; choose a folder under {where}',
    zh_CN: '{field}：{folder} 不在已挂载的数据盘上，请选择 {where} 下的目录',
  },
  'disks.notOnDataDiskNone': {
    en: '{field}: {folder} is not on a mounted data disk, and no data disk is mounted; mount one first',
    zh_CN: '{field}：{folder} 不在已挂载的数据盘上，且当前没有已挂载的数据盘，请先挂载',
  },
  'disks.roleOneOf': { en: 'role must be one of {roles}', zh_CN: '角色须为 {roles} 之一' },
  'disks.holdsSystemNeeds': {
    en: '{raw} holds {used}, which the system needs',
    zh_CN: '{raw} 挂载了系统所需的 {used}',
  },
  'disks.alreadyMounted': {
    en: '{path} is already mounted at {mountpoints}',
    zh_CN: '{path} 已挂载在 {mountpoints}',
  },
  'disks.fstypeMustOne': {
    en: 'fstype must be one of {options}',
    zh_CN: 'fstype 须为 {options} 之一',
  },
  'disks.mountedUnmountFirst': { en: '{map} is mounted: unmount it first', zh_CN: '{map} 已挂载：请先卸载' },
  'disks.nearlyFull': {
    en: '{mountpoint} is {pct}% full (warning at {threshold}%)',
    zh_CN: '{mountpoint} 已使用 {pct}%（告警阈值 {threshold}%）',
  },
} as const;
