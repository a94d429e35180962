export const id = 319;
export const ids = [319];
export const modules = {

/***/ 73319:
/***/ (function (__unused_webpack_module, __webpack_exports__, __webpack_require__) {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   grpcExporters: () => (/* binding */ grpcExporters)
/* harmony export */ });
/* unused harmony export readableGrpcError */
/* harmony import */ var _grpc_grpc_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(83033);
/* harmony import */ var _opentelemetry_core__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(55931);
/* harmony import */ var _opentelemetry_otlp_transformer__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(75876);
/* harmony import */ var _opentelemetry_otlp_transformer__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(95902);
/* harmony import */ var _opentelemetry_otlp_transformer__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(91617);



/** The collector services' methods (opentelemetry-proto collector/*\/v1/*_service.proto). */
const EXPORT_METHODS = {
    logs: '/opentelemetry.proto.collector.logs.v1.LogsService/Export',
    metrics: '/opentelemetry.proto.collector.metrics.v1.MetricsService/Export',
    traces: '/opentelemetry.proto.collector.trace.v1.TraceService/Export',
};
function grpcExporters(destination, timeoutMs) {
    const sender = (signal) => new GrpcSender(destination, signal, timeoutMs);
    const logs = sender('logs');
    const metrics = sender('metrics');
    const traces = sender('traces');
    return {
        logs: {
            export: (records, done) => {
                logs.send(_opentelemetry_otlp_transformer__WEBPACK_IMPORTED_MODULE_1__/* .ProtobufLogsSerializer */ .x.serializeRequest(records), done);
            },
            shutdown: () => logs.shutdown(),
            forceFlush: () => logs.flush(),
        },
        metrics: {
            export: (resourceMetrics, done) => {
                metrics.send(_opentelemetry_otlp_transformer__WEBPACK_IMPORTED_MODULE_2__/* .ProtobufMetricsSerializer */ .D.serializeRequest(resourceMetrics), done);
            },
            shutdown: () => metrics.shutdown(),
            forceFlush: () => metrics.flush(),
        },
        traces: {
            export: (spans, done) => {
                traces.send(_opentelemetry_otlp_transformer__WEBPACK_IMPORTED_MODULE_3__/* .ProtobufTraceSerializer */ .n.serializeRequest(spans), done);
            },
            shutdown: () => traces.shutdown(),
            forceFlush: () => traces.flush(),
        },
    };
}
/** One signal's calls to its collector. */
class GrpcSender {
    timeoutMs;
    client;
    method;
    metadata;
    pending = new Set();
    constructor(destination, signal, timeoutMs) {
        this.timeoutMs = timeoutMs;
        const url = new URL(destination.urls[signal]);
        this.client = new _grpc_grpc_js__WEBPACK_IMPORTED_MODULE_0__/* .Client */ .Kj(url.host, channelCredentials(url), {
            ...(destination.compression === 'gzip'
                ? { 'grpc.default_compression_algorithm': _grpc_grpc_js__WEBPACK_IMPORTED_MODULE_0__/* .compressionAlgorithms */ .tf.gzip }
                : {}),
        });
        this.method = EXPORT_METHODS[signal];
        this.metadata = new _grpc_grpc_js__WEBPACK_IMPORTED_MODULE_0__/* .Metadata */ .OS();
        for (const [key, value] of Object.entries(destination.headers[signal])) {
            this.metadata.set(key, value);
        }
    }
    send(request, done) {
        if (request === undefined) {
            done({ code: _opentelemetry_core__WEBPACK_IMPORTED_MODULE_4__/* .ExportResultCode */ .V.FAILED, error: new Error('the signals could not be encoded') });
            return;
        }
        const call = new Promise((resolve) => {
            this.client.makeUnaryRequest(this.method, (body) => body, (body) => body, Buffer.from(request), this.metadata, { deadline: Date.now() + this.timeoutMs }, (error) => {
                done(error
                    ? { code: _opentelemetry_core__WEBPACK_IMPORTED_MODULE_4__/* .ExportResultCode */ .V.FAILED, error: readableGrpcError(error) }
                    : { code: _opentelemetry_core__WEBPACK_IMPORTED_MODULE_4__/* .ExportResultCode */ .V.SUCCESS });
                resolve();
            });
        });
        this.pending.add(call);
        void call.finally(() => this.pending.delete(call));
    }
    /** Settles when the calls made so far have ended (each within its deadline). */
    async flush() {
        await Promise.all(this.pending);
    }
    async shutdown() {
        await this.flush();
        this.client.close();
    }
}
/** `http://` is plaintext (a collector beside the run); `https://` is TLS. */
function channelCredentials(url) {
    return url.protocol === 'http:' ? _grpc_grpc_js__WEBPACK_IMPORTED_MODULE_0__/* .credentials */ .z3.createInsecure() : _grpc_grpc_js__WEBPACK_IMPORTED_MODULE_0__/* .credentials */ .z3.createSsl();
}
/**
 * grpc-js's message without its empty parts: a failed connection reads "14 UNAVAILABLE: No
 * connection established. Last error: Error: connect ECONNREFUSED 127.0.0.1:4317. Resolution
 * note: " (the name resolver had nothing to add); here "14 UNAVAILABLE: No connection
 * established. Last error: connect ECONNREFUSED 127.0.0.1:4317".
 */
function readableGrpcError(error) {
    const message = error.message
        .replace(/\.?\s*Resolution note:\s*\.?\s*$/, '')
        .replace(/Last error: Error: /, 'Last error: ')
        .replace(/[.\s]+$/, '');
    return message === error.message ? error : new Error(message, { cause: error });
}


/***/ })

};
