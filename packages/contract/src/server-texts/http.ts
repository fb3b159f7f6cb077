/** The server's texts of one area (server-texts/index.ts). */
export const httpTexts = {
  'http.tooManyRequestsAddress': {
    en: 'Too many requests from your address: try again in {wait} s',
    zh_CN: '来自您地址的请求过多，请 {wait} 秒后再试',
  },
  'http.fieldNamesProtoConstructor': {
    en: 'Field names __proto__, constructor and prototype are not allowed in a form',
    zh_CN: '表单字段名不能是 __proto__、constructor 或 prototype',
  },
  'http.malformedMultipartFormBody': {
    en: 'Malformed multipart form: the body ended before its last part (was the upload cut short?)',
    zh_CN: '表单格式错误：请求体在最后一部分之前结束（上传是否被中断？）',
  },
  'http.malformedMultipartFormContent': {
    en: 'Malformed multipart form: the Content-Type header names no boundary',
    zh_CN: '表单格式错误：Content-Type 头未给出 boundary',
  },
  'http.malformedMultipartFormField': {
    en: 'Malformed multipart form: a field declared as JSON is not valid JSON',
    zh_CN: '表单格式错误：声明为 JSON 的字段不是有效的 JSON',
  },
  'http.malformedMultipartFormPart': {
    en: 'Malformed multipart form: a part header cannot be read',
    zh_CN: '表单格式错误：无法读取某一部分的头',
  },
  'http.diskFullDataCould': {
    en: 'The disk is full: the data could not be written. Free space on the data disk and try again',
    zh_CN: '磁盘已满：数据无法写入。请清理数据盘空间后重试',
  },
  'http.databaseUnavailable': {
    en: 'The database cannot be reached at the moment. Try again in a few seconds',
    zh_CN: '暂时无法连接数据库，请几秒后重试',
  },
  'http.methodRequired': {
    en: 'method is required for {path}; one of: {known}',
    zh_CN: '{path} 需要 method，可选：{known}',
  },
  'http.unknownMethod': {
    en: 'Unknown method "{method}" for {path}; one of: {known}',
    zh_CN: '{path} 没有方法“{method}”，可选：{known}',
  },
  'http.bodyNotObject': {
    en: 'The request body must be a JSON object or a form',
    zh_CN: '请求体须为JSON对象或表单',
  },
  'http.filesAtMostOne': {
    en: 'This call accepts no files, or one at most',
    zh_CN: '此接口不接受文件，或最多一个文件',
  },
  'http.tooManyFields': { en: 'Too many fields in the form', zh_CN: '表单字段过多' },
  'http.fileFieldRefused': {
    en: 'File field "{field}" is not accepted here',
    zh_CN: '此处不接受文件字段“{field}”',
  },
  'http.noFiles': { en: 'This call accepts no files', zh_CN: '此接口不接受文件' },
} as const;
