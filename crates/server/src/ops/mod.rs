//! What an operator watches: Prometheus metrics ([`metrics`], [`http`]), readiness
//! ([`readiness`]), the request id every answer and its log lines carry ([`request_id`])
//! and JSON log lines ([`logs`]). The routes (`/metrics`, `/livez`, `/readyz`) are in
//! `api/ops.rs`, outside the OpenAPI document and the rate limiter; docs/operate.md says
//! what to alert on.

pub mod http;
pub mod logs;
pub mod metrics;
pub mod readiness;
pub mod request_id;
