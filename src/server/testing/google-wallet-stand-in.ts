import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The fields Google Wallet's REST reference (walletobjects v1) lists for each resource Regalo
 * sends, and those it marks required. Google refuses a body with a field it does not know; so
 * does the stand-in, so a misspelt or misplaced field fails a test instead of a real save.
 */
const FIELDS: Record<string, { known: readonly string[]; required: readonly string[] }> = {
  genericClass: {
    known: ['id', 'classTemplateInfo', 'imageModulesData', 'textModulesData', 'linksModuleData', 'enableSmartTap', 'redemptionIssuers', 'securityAnimation', 'multipleDevicesAndHoldersAllowedStatus', 'callbackOptions', 'viewUnlockRequirement', 'messages', 'appLinkData', 'valueAddedModuleData', 'merchantLocations'],
    required: ['id'],
  },
  genericObject: {
    known: ['genericType', 'cardTitle', 'subheader', 'header', 'logo', 'hexBackgroundColor', 'notifications', 'id', 'classId', 'barcode', 'heroImage', 'validTimeInterval', 'imageModulesData', 'textModulesData', 'linksModuleData', 'appLinkData', 'groupingInfo', 'smartTapRedemptionValue', 'rotatingBarcode', 'state', 'hasUsers', 'messages', 'passConstraints', 'wideLogo', 'saveRestrictions', 'linkedObjectIds', 'valueAddedModuleData', 'merchantLocations'],
    required: ['id', 'classId', 'cardTitle', 'header'],
  },
  giftCardClass: {
    known: ['merchantName', 'programLogo', 'pinLabel', 'eventNumberLabel', 'allowBarcodeRedemption', 'localizedMerchantName', 'localizedPinLabel', 'localizedEventNumberLabel', 'cardNumberLabel', 'localizedCardNumberLabel', 'classTemplateInfo', 'id', 'version', 'issuerName', 'messages', 'homepageUri', 'reviewStatus', 'review', 'infoModuleData', 'imageModulesData', 'textModulesData', 'linksModuleData', 'redemptionIssuers', 'countryCode', 'heroImage', 'wordMark', 'enableSmartTap', 'hexBackgroundColor', 'localizedIssuerName', 'multipleDevicesAndHoldersAllowedStatus', 'callbackOptions', 'securityAnimation', 'viewUnlockRequirement', 'wideProgramLogo', 'notifyPreference', 'appLinkData', 'valueAddedModuleData', 'merchantLocations'],
    required: ['id', 'issuerName', 'reviewStatus'],
  },
  giftCardObject: {
    known: ['cardNumber', 'pin', 'balance', 'balanceUpdateTime', 'eventNumber', 'id', 'classId', 'version', 'state', 'barcode', 'messages', 'validTimeInterval', 'hasUsers', 'smartTapRedemptionValue', 'hasLinkedDevice', 'disableExpirationNotification', 'infoModuleData', 'imageModulesData', 'textModulesData', 'linksModuleData', 'appLinkData', 'rotatingBarcode', 'heroImage', 'groupingInfo', 'passConstraints', 'saveRestrictions', 'linkedObjectIds', 'notifyPreference', 'valueAddedModuleData', 'merchantLocations'],
    required: ['id', 'classId', 'state', 'cardNumber'],
  },
};
const STATES = ['ACTIVE', 'COMPLETED', 'EXPIRED', 'INACTIVE'];

/** A Money amount: micros as an int64 (a string in JSON) and a three-letter currency code. */
function moneyProblems(where: string, money: unknown): string[] {
  const value = money as { micros?: unknown; currencyCode?: unknown } | null;
  const keys = Object.keys(value ?? {});
  const problems = keys.filter((key) => !['micros', 'currencyCode'].includes(key)).map((key) => `${where}: unknown Money field ${key}`);
  if (typeof value?.micros !== 'string' || !/^-?\d+$/.test(value.micros)) problems.push(`${where}.micros: not an int64 string`);
  if (typeof value?.currencyCode !== 'string' || !/^[A-Z]{3}$/.test(value.currencyCode)) problems.push(`${where}.currencyCode: not a currency code`);
  return problems;
}

/** A point as MerchantLocation: latitude and longitude in range, nothing else. */
function locationProblems(where: string, points: unknown): string[] {
  if (!Array.isArray(points) || points.length > 10) return [`${where}: not a list of at most ten`];
  return points.flatMap((point: { latitude?: unknown; longitude?: unknown }, i) => {
    const keys = Object.keys(point ?? {});
    const ok = keys.every((key) => key === 'latitude' || key === 'longitude') &&
      typeof point.latitude === 'number' && Math.abs(point.latitude) <= 90 &&
      typeof point.longitude === 'number' && Math.abs(point.longitude) <= 180;
    return ok ? [] : [`${where}[${i}]: not a MerchantLocation`];
  });
}

/** What Google would refuse in one resource of a kind (an empty list: nothing). */
export function googleWalletResourceProblems(kind: keyof typeof FIELDS, resource: Record<string, unknown>): string[] {
  const spec = FIELDS[kind]!;
  const problems = Object.keys(resource).filter((key) => !spec.known.includes(key)).map((key) => `${kind}: unknown field ${key}`);
  problems.push(...spec.required.filter((key) => resource[key] === undefined || resource[key] === '').map((key) => `${kind}: missing ${key}`));
  if (resource.state !== undefined && !STATES.includes(resource.state as string)) problems.push(`${kind}.state: ${String(resource.state)}`);
  if (resource.balance !== undefined) problems.push(...moneyProblems(`${kind}.balance`, resource.balance));
  if (resource.merchantLocations !== undefined) problems.push(...locationProblems(`${kind}.merchantLocations`, resource.merchantLocations));
  return problems;
}

const PAYLOAD_KINDS: Record<string, keyof typeof FIELDS> = {
  genericClasses: 'genericClass',
  genericObjects: 'genericObject',
  giftCardClasses: 'giftCardClass',
  giftCardObjects: 'giftCardObject',
};

/**
 * What Google would refuse in a save JWT's `payload`: lists under Google's names only, each
 * object's `classId` one of the classes it carries, every resource as above.
 */
export function googleSavePayloadProblems(payload: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const classIds = new Set<string>();
  for (const [name, list] of Object.entries(payload)) {
    const kind = PAYLOAD_KINDS[name];
    if (!kind || !Array.isArray(list)) {
      problems.push(`payload: unknown list ${name}`);
      continue;
    }
    for (const resource of list as Record<string, unknown>[]) {
      problems.push(...googleWalletResourceProblems(kind, resource));
      if (kind.endsWith('Class')) classIds.add(String(resource.id));
    }
  }
  for (const [name, list] of Object.entries(payload)) {
    if (!name.endsWith('Objects') || !Array.isArray(list)) continue;
    for (const object of list as { classId?: string }[]) {
      if (!classIds.has(String(object.classId))) problems.push(`${name}: classId ${String(object.classId)} is not among the payload's classes`);
    }
  }
  return problems;
}

export interface GoogleWalletCall {
  method: string;
  path: string;
  authorization?: string;
  body: string;
}

/**
 * A local stand-in for Google's OAuth token endpoint (the JWT bearer grant, answering an access
 * token) and the Wallet REST API's `genericObject` and `giftCardObject` update (PUT), recording every
 * call; a body with a field Google's reference does not list is refused with 400, as Google does.
 */
export async function startGoogleWalletStandIn(): Promise<{ url: string; tokenUrl: string; calls: GoogleWalletCall[]; close: () => Promise<void> }> {
  const calls: GoogleWalletCall[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      calls.push({ method: request.method ?? '', path, authorization: request.headers.authorization, body });
      response.setHeader('content-type', 'application/json');
      if (request.method === 'POST' && path === '/token') {
        const form = new URLSearchParams(body);
        if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !form.get('assertion')) {
          response.statusCode = 400;
          return response.end(JSON.stringify({ error: 'invalid_grant' }));
        }
        return response.end(JSON.stringify({ access_token: 'stand-in-access-token', token_type: 'Bearer', expires_in: 3600 }));
      }
      const patched = /^\/walletobjects\/v1\/(genericObject|giftCardObject)\/[^/]+$/.exec(path);
      if (request.method === 'PUT' && patched) {
        if (request.headers.authorization !== 'Bearer stand-in-access-token') {
          response.statusCode = 401;
          return response.end('{}');
        }
        const problems = googleWalletResourceProblems(patched[1] as 'genericObject' | 'giftCardObject', JSON.parse(body) as Record<string, unknown>);
        if (problems.length > 0) {
          response.statusCode = 400;
          return response.end(JSON.stringify({ error: { code: 400, message: problems.join('; ') } }));
        }
        return response.end(body);
      }
      response.statusCode = 404;
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return { url, tokenUrl: `${url}/token`, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
