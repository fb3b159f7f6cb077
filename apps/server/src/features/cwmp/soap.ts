import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * The SOAP 1.1 envelopes of a CWMP session (TR-069 Amendment 6, namespaces cwmp-1-0 to cwmp-1-4,
 * after genieacs/genieacs:lib/soap.ts): reading what a CPE sends and writing the ACS's replies.
 *
 * Safety: a message with a DOCTYPE is refused before parsing (SOAP forbids DTDs), so no entity,
 * internal or external, is ever expanded; the parser itself never fetches anything.
 */

export class SoapError extends Error {}

export interface ParamValue {
  name: string;
  value: string;
  type: string;
}

export type CpeMessage =
  | {
      kind: 'Inform';
      id: string;
      ns: string;
      deviceId: { manufacturer: string; oui: string; productClass: string; serialNumber: string };
      events: string[];
      /** The CommandKey of each `M …` event that carries one (M Reboot: the Reboot's key). */
      commandKeys: Record<string, string>;
      params: ParamValue[];
    }
  | { kind: 'Fault'; id: string; ns: string; code: string; message: string }
  /** The end of a Download/Upload this ACS asked for: its CommandKey names the task (`task-<id>`). */
  | {
      kind: 'TransferComplete';
      id: string;
      ns: string;
      commandKey: string;
      faultCode: string;
      faultString: string;
    }
  /** A transfer the CPE made on its own (TR-069 A.3.3.2): kept as a transfer of the device. */
  | {
      kind: 'AutonomousTransferComplete';
      id: string;
      ns: string;
      url: string;
      fileType: string;
      fileSize: number;
      isDownload: boolean;
      faultCode: string;
      faultString: string;
    }
  /** The CPE asks which RPCs the ACS supports (TR-069 A.3.1.1). */
  | { kind: 'GetRPCMethods'; id: string; ns: string }
  /** Any other RPC or response of the CPE: RebootResponse, GetParameterValuesResponse, ... */
  | {
      kind: 'Other';
      name: string;
      id: string;
      ns: string;
      params: ParamValue[];
      status: string;
      /** GetRPCMethodsResponse's MethodList. */
      methods: string[];
    };

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'EventStruct' || name === 'ParameterValueStruct' || name === 'string',
});

type Node = Record<string, unknown>;

const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return text((v as Node)['#text']);
  return String(v);
};
const obj = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(obj) : v ? [obj(v)] : []);

/** The CWMP namespace of the message (the reply uses the same one). */
function cwmpNamespace(xml: string): string {
  const m = /urn:dslforum-org:cwmp-1-[0-4]/.exec(xml);
  if (!m) throw new SoapError('not a CWMP message: no urn:dslforum-org:cwmp-1-x namespace');
  return m[0];
}

function paramList(node: unknown): ParamValue[] {
  return list(obj(node).ParameterValueStruct).map((p) => {
    const v = p.Value;
    return {
      name: text(p.Name),
      value: text(v),
      type: String(obj(v)['@type'] ?? 'xsd:string').replace(/^\w+:/, 'xsd:'),
    };
  });
}

/** Reads one CPE message; throws SoapError for anything that is not a well-formed CWMP envelope. */
export function parseCpeMessage(xml: string): CpeMessage {
  if (/<!DOCTYPE/i.test(xml)) throw new SoapError('a DOCTYPE is not allowed in a SOAP message');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new SoapError(`malformed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const ns = cwmpNamespace(xml);
  const env = obj(parser.parse(xml).Envelope);
  const body = obj(env.Body);
  const id = text(obj(env.Header).ID);
  const names = Object.keys(body).filter((k) => !k.startsWith('@'));
  if (names.length !== 1) throw new SoapError('the SOAP Body must hold exactly one element');
  const name = names[0]!;
  const node = obj(body[name]);
  if (name === 'Inform') {
    const d = obj(node.DeviceId);
    const deviceId = {
      manufacturer: text(d.Manufacturer),
      oui: text(d.OUI),
      productClass: text(d.ProductClass),
      serialNumber: text(d.SerialNumber),
    };
    if (!deviceId.oui || !deviceId.serialNumber)
      throw new SoapError('Inform without DeviceId OUI and SerialNumber');
    return {
      kind: 'Inform',
      id,
      ns,
      deviceId,
      events: list(obj(node.Event).EventStruct).map((e) => text(e.EventCode)),
      commandKeys: Object.fromEntries(
        list(obj(node.Event).EventStruct)
          .filter((e) => text(e.CommandKey) !== '')
          .map((e) => [text(e.EventCode), text(e.CommandKey)]),
      ),
      params: paramList(node.ParameterList),
    };
  }
  if (name === 'Fault') {
    const f = obj(obj(node.detail).Fault);
    return {
      kind: 'Fault',
      id,
      ns,
      code: text(f.FaultCode) || text(node.faultcode),
      message: text(f.FaultString) || text(node.faultstring),
    };
  }
  if (name === 'TransferComplete') {
    const f = obj(node.FaultStruct);
    return {
      kind: 'TransferComplete',
      id,
      ns,
      commandKey: text(node.CommandKey),
      faultCode: text(f.FaultCode),
      faultString: text(f.FaultString),
    };
  }
  if (name === 'AutonomousTransferComplete') {
    const f = obj(node.FaultStruct);
    return {
      kind: 'AutonomousTransferComplete',
      id,
      ns,
      url: text(node.TransferURL),
      fileType: text(node.FileType),
      fileSize: Number(text(node.FileSize)) || 0,
      isDownload: ['1', 'true'].includes(text(node.IsDownload).toLowerCase()),
      faultCode: text(f.FaultCode),
      faultString: text(f.FaultString),
    };
  }
  if (name === 'GetRPCMethods') return { kind: 'GetRPCMethods', id, ns };
  return {
    kind: 'Other',
    name,
    id,
    ns,
    params: paramList(node.ParameterList),
    status: text(node.Status),
    methods: ([] as unknown[]).concat(obj(node.MethodList).string ?? []).map(text),
  };
}

const xmlEscape = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** A whole envelope around one Body element (already XML). */
export function envelope(ns: string, id: string, body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<soap-env:Envelope xmlns:soap-env="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:soap-enc="http://schemas.xmlsoap.org/soap/encoding/" ' +
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    `xmlns:cwmp="${ns}"><soap-env:Header><cwmp:ID soap-env:mustUnderstand="1">${xmlEscape(id)}</cwmp:ID>` +
    `</soap-env:Header><soap-env:Body>${body}</soap-env:Body></soap-env:Envelope>`
  );
}

export const informResponse = () =>
  '<cwmp:InformResponse><MaxEnvelopes>1</MaxEnvelopes></cwmp:InformResponse>';
export const transferCompleteResponse = () =>
  '<cwmp:TransferCompleteResponse></cwmp:TransferCompleteResponse>';
export const autonomousTransferCompleteResponse = () =>
  '<cwmp:AutonomousTransferCompleteResponse></cwmp:AutonomousTransferCompleteResponse>';

/** The CPE-to-ACS RPCs this ACS answers (TR-069 Table 5: Inform, GetRPCMethods, TransferComplete, ATC). */
export const ACS_METHODS = [
  'Inform',
  'GetRPCMethods',
  'TransferComplete',
  'AutonomousTransferComplete',
] as const;

/** The ACS's answer to the CPE's GetRPCMethods. */
export const getRpcMethodsResponse = () =>
  `<cwmp:GetRPCMethodsResponse><MethodList soap-enc:arrayType="xsd:string[${ACS_METHODS.length}]">` +
  ACS_METHODS.map((m) => `<string>${m}</string>`).join('') +
  '</MethodList></cwmp:GetRPCMethodsResponse>';

/** The ACS's SOAP fault for a CPE request it does not support (TR-069 A.5.1: 8000 Method not supported). */
export function acsFault(code: string, message: string): string {
  return (
    '<soap-env:Fault><faultcode>Client</faultcode><faultstring>CWMP fault</faultstring><detail>' +
    `<cwmp:Fault><FaultCode>${xmlEscape(code)}</FaultCode><FaultString>${xmlEscape(message)}</FaultString>` +
    '</cwmp:Fault></detail></soap-env:Fault>'
  );
}

/** The RPC a queued task (genieacs task name and args) becomes; null for a name CWMP has no RPC for. */
export function taskRpc(name: string, args: Record<string, unknown>, commandKey: string): string | null {
  switch (name) {
    case 'reboot':
      return `<cwmp:Reboot><CommandKey>${xmlEscape(commandKey)}</CommandKey></cwmp:Reboot>`;
    case 'factoryReset':
      return '<cwmp:FactoryReset></cwmp:FactoryReset>';
    case 'getRPCMethods':
      return '<cwmp:GetRPCMethods></cwmp:GetRPCMethods>';
    case 'refreshObject':
    case 'getParameterValues': {
      const raw = args.parameterNames ?? args.objectName ?? args.path ?? '';
      const names = (Array.isArray(raw) ? raw : [raw]).map(String);
      return (
        `<cwmp:GetParameterValues><ParameterNames soap-enc:arrayType="xsd:string[${names.length}]">` +
        names.map((n) => `<string>${xmlEscape(n)}</string>`).join('') +
        '</ParameterNames></cwmp:GetParameterValues>'
      );
    }
    case 'setParameterValues': {
      const params = Array.isArray(args.parameterValues) ? args.parameterValues : [];
      const items = params.map((p) => {
        const [path, value, type] = Array.isArray(p)
          ? p
          : [(p as Node).path, (p as Node).value, (p as Node).type];
        return (
          `<ParameterValueStruct><Name>${xmlEscape(String(path))}</Name>` +
          `<Value xsi:type="${xmlEscape(String(type || 'xsd:string'))}">${xmlEscape(String(value ?? ''))}</Value></ParameterValueStruct>`
        );
      });
      return (
        `<cwmp:SetParameterValues><ParameterList soap-enc:arrayType="cwmp:ParameterValueStruct[${items.length}]">` +
        `${items.join('')}</ParameterList><ParameterKey>${xmlEscape(commandKey)}</ParameterKey></cwmp:SetParameterValues>`
      );
    }
    case 'download':
      return (
        `<cwmp:Download><CommandKey>${xmlEscape(commandKey)}</CommandKey>` +
        `<FileType>${xmlEscape(String(args.fileType ?? '1 Firmware Upgrade Image'))}</FileType>` +
        `<URL>${xmlEscape(String(args.url ?? args.fileName ?? ''))}</URL>` +
        `<Username>${xmlEscape(String(args.username ?? ''))}</Username><Password>${xmlEscape(String(args.password ?? ''))}</Password>` +
        `<FileSize>${Number(args.fileSize ?? 0) || 0}</FileSize><TargetFileName>${xmlEscape(String(args.targetFileName ?? ''))}</TargetFileName>` +
        '<DelaySeconds>0</DelaySeconds><SuccessURL></SuccessURL><FailureURL></FailureURL></cwmp:Download>'
      );
    default:
      return null;
  }
}
