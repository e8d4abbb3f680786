//! What an operator watches: Prometheus metrics ([`metrics`], [`http`], every metric's
//! help in `describe.rs`, the `process_*` families in [`process`]), readiness
//! ([`readiness`]), the request id every answer and its log lines carry ([`request_id`])
//! and JSON log lines ([`logs`]). The routes (`/metrics`, `/livez`, `/readyz`) are in
//! `api/ops.rs`, outside the OpenAPI document and the rate limiter; docs/operate.md says
//! what to alert on.

mod describe;
pub mod http;
pub mod logs;
pub mod metrics;
pub mod process;
pub mod readiness;
pub mod request_id;
