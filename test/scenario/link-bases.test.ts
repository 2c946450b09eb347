import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseKeysFor, LINK_BASES } from '../../src/scenario/link-bases';
import { CURRENT_SCHEMA_VERSION, migrateScenario } from '../../src/scenario/migrate';

/**
 * The frozen bases of short links. A link written against a base means "that base with these
 * changes" for ever, so a base may never change once shipped: these digests fail the day one does.
 * (A new schema version gets a new file of bases beside v5.json; the old ones stay as they are.)
 */
const FROZEN_DIGESTS: Record<string, string> = {
  '5-seedTeam': 'b9cadfcc8ba37c2c',
  '5-steadyLab': '713b7250476ae67f',
  '5-largeLab': 'b6218124c865e4a1',
  '5-burstyResearch': '9159bde8c9110bfb',
  '5-complianceEnterprise': 'f3ed6b224308f46e',
  '5-growingCompany': 'c0cd15c7c04b0209',
  '6-seedTeam': 'b64fb011ea12dc5d',
  '6-steadyLab': '39cb961efa0cda7d',
  '6-largeLab': 'c587a46f359fde11',
  '6-burstyResearch': 'cddfddcf1b6415f6',
  '6-complianceEnterprise': '7b5b0a135108265f',
  '6-growingCompany': '15e77ecf5f7d1ad8',
  '7-seedTeam': '8d5614dbb6320ca7',
  '7-steadyLab': '731036aa9420aec4',
  '7-largeLab': '8635f306b2239df9',
  '7-burstyResearch': '92c38d3feb3da122',
  '7-complianceEnterprise': 'a60476c08cdd5862',
  '7-growingCompany': 'f0b26b5c2f82536c',
  '8-seedTeam': '32e98610770a391f',
  '8-steadyLab': '4d90285aa44d5625',
  '8-largeLab': '2afe7125d7e0b711',
  '8-burstyResearch': '67e85437c8b62077',
  '8-complianceEnterprise': '26c249d1ba4ff2cc',
  '8-growingCompany': 'aa35c83b2240f42e',
  '9-seedTeam': '502e3e8acd1996bf',
  '9-steadyLab': '94c0ef6f67c27f92',
  '9-largeLab': '97eeba949ce84654',
  '9-burstyResearch': 'baad6715d6ca5ef8',
  '9-complianceEnterprise': '2e078b72cf6295ec',
  '9-growingCompany': 'd418b840772f9bd8',
  '10-seedTeam': '72895a8be94a6b70',
  '10-steadyLab': 'ec8c1ed8fb142098',
  '10-largeLab': 'ea8a65745bd125a1',
  '10-burstyResearch': 'f6e7811a21cdb8c5',
  '10-complianceEnterprise': 'bd808bc138229e18',
  '10-growingCompany': '8802aa3a88d767e9',
  '11-seedTeam': 'a548b6b4976ec129',
  '11-steadyLab': '5753b9066fc4ccb5',
  '11-largeLab': 'f6fcada10e4a2340',
  '11-burstyResearch': '43b24f0b61cc41af',
  '11-complianceEnterprise': '8772195566850d34',
  '11-growingCompany': '5edd785afdcf9c6b',
  '12-seedTeam': '46f570e982ba54ee',
  '12-steadyLab': '01937609bd860f9c',
  '12-largeLab': '8b3a6d38297ac408',
  '12-burstyResearch': '00196106658d8489',
  '12-complianceEnterprise': '4d7691e7c8487839',
  '12-growingCompany': '4f44a449eb688530',
  '13-seedTeam': 'd395295fa5e4f5a8',
  '13-steadyLab': 'b3196e9b9d7cf24a',
  '13-largeLab': 'b52bc760a6b6c0f5',
  '13-burstyResearch': '2f5b6a6065e5ecf9',
  '13-complianceEnterprise': '14fbd63028e15b40',
  '13-growingCompany': '6093a5b82dd706e1',
  '14-seedTeam': '0259d7f479eb12fb',
  '14-steadyLab': 'f38f37121ac87159',
  '14-largeLab': '911a4453dbe5e4f9',
  '14-burstyResearch': 'ca50907ecb658978',
  '14-complianceEnterprise': 'b0aa9a9ba0061674',
  '14-growingCompany': 'b32b80ec67f67bc0',
  '15-seedTeam': 'fea0ba3465d17c92',
  '15-steadyLab': '5b336b25eed98e6b',
  '15-largeLab': '9000355ebdc60a8a',
  '15-burstyResearch': 'f46fe03907ab96b3',
  '15-complianceEnterprise': 'd39e5e28a9dcd371',
  '15-growingCompany': '36d85586bfa4bba5',
  '16-seedTeam': '0afc6780eff5055d',
  '16-steadyLab': '57169dafd5b8b054',
  '16-largeLab': '05de2db2f879d764',
  '16-burstyResearch': '8f4a97ebc9c1f343',
  '16-complianceEnterprise': '925a2a1327c56baa',
  '16-growingCompany': '8ea8d7c0a51219cc',
  '16-ownedH800s': '4e25c9ea34c5b69f',
  '17-seedTeam': 'dafdf1b5c939a91c',
  '17-steadyLab': 'c038729b64e39036',
  '17-largeLab': '31ed0bdc7b876eb5',
  '17-burstyResearch': 'e96db9dbc330f007',
  '17-complianceEnterprise': 'c36582928846690d',
  '17-growingCompany': '0504205b51c355aa',
  '17-ownedH800s': '125befed2a055260',
};

const digest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

describe('frozen bases of short links', () => {
  it('never change once frozen', () => {
    const digests = Object.fromEntries([...LINK_BASES].map(([key, base]) => [key, digest(base)]));
    expect(digests).toEqual(FROZEN_DIGESTS);
  });

  it('each is a valid scenario of its own schema version', () => {
    for (const [key, base] of LINK_BASES) {
      expect((base as { schemaVersion: number }).schemaVersion).toBe(Number(key.split('-')[0]));
      expect(migrateScenario(base).ok).toBe(true);
    }
  });

  it('exist for the current schema version (when bumping it, freeze the new version’s presets)', () => {
    // Without one, links fall back to the whole scenario (format 1): correct, but ~1,800 characters.
    expect(baseKeysFor(CURRENT_SCHEMA_VERSION).length).toBeGreaterThan(0);
  });
});
