//! What an operator watches: Prometheus metrics ([`metrics`], [`http`]) and readiness
//! ([`readiness`]). The routes (`/metrics`, `/livez`, `/readyz`) are in `api/ops.rs`,
//! outside the OpenAPI document and the rate limiter; docs/operate.md says what to
//! alert on.

pub mod http;
pub mod metrics;
pub mod readiness;
