import { describe, expect, it } from 'vitest';
import { canUseGroups, isScanDevice } from '../../src/ops/groups.js';

describe('group capability of a sender', () => {
  it.each([
    [{ kind: 'scan_device', capabilities: { group_messaging: true } }, true],
    [{ kind: 'Scan Device', capabilities: { group_messaging: true } }, true],
    [{ type: 'scan-device', capabilities: { group_messaging: 'true' } }, true],
    [{ capabilities: { group_messaging: true } }, true],
    [{ kind: 'scan_device', capabilities: { group_messaging: false } }, false],
    [{ kind: 'scan_device' }, false],
    [{ kind: 'cloud_api', capabilities: { group_messaging: true } }, false],
  ])('%j → %s', (sender, expected) => {
    expect(canUseGroups(sender)).toBe(expected);
  });

  it('reads the kind in any spelling', () => {
    expect(isScanDevice({ sender_type: 'QR' })).toBe(true);
    expect(isScanDevice({ kind: 'cloud' })).toBe(false);
  });
});
