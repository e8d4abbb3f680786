//! The `[limits]` section: rates, expensive work, who a client is, open connections and
//! the time limits of connections and requests.

use std::time::Duration;

use serde::Deserialize;

use crate::error::ServerError;
use crate::limits::{AddressGrouping, LimitsConfig, Timeouts, TrustedProxies};

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LimitsFile {
    requests_per_second: Option<u32>,
    burst: Option<u32>,
    trusted_proxies: Option<Vec<String>>,
    exempt_loopback: Option<bool>,
    expensive_per_client: Option<u32>,
    expensive_total: Option<u32>,
    ipv6_prefix: Option<u8>,
    connections_per_client: Option<u32>,
    connections_total: Option<u32>,
    header_timeout_seconds: Option<u32>,
    body_timeout_seconds: Option<u32>,
    request_timeout_seconds: Option<u32>,
    export_timeout_seconds: Option<u32>,
}

fn positive(field: &str, value: Option<u32>, default: u32) -> Result<u32, ServerError> {
    match value {
        Some(0) => Err(ServerError::InvalidSetting {
            field: format!("limits.{field}"),
            reason: "must be greater than 0".to_owned(),
        }),
        Some(value) => Ok(value),
        None => Ok(default),
    }
}

fn seconds(field: &str, value: Option<u32>, default: Duration) -> Result<Duration, ServerError> {
    let default = u32::try_from(default.as_secs()).unwrap_or(u32::MAX);
    positive(field, value, default).map(|seconds| Duration::from_secs(u64::from(seconds)))
}

impl LimitsFile {
    pub(super) fn resolve(self) -> Result<LimitsConfig, ServerError> {
        let defaults = LimitsConfig::default();
        let trusted_proxies =
            match self.trusted_proxies {
                Some(entries) => TrustedProxies::parse(entries.iter().map(String::as_str))
                    .map_err(|entry| ServerError::InvalidSetting {
                        field: "limits.trusted_proxies".to_owned(),
                        reason: format!("'{entry}' is not an IP address or CIDR range"),
                    })?,
                None => defaults.trusted_proxies,
            };
        let ipv6_prefix = match self.ipv6_prefix {
            Some(prefix @ 1..=128) => prefix,
            Some(_) => {
                return Err(ServerError::InvalidSetting {
                    field: "limits.ipv6_prefix".to_owned(),
                    reason: "must be from 1 to 128 (64: one subscriber's network)".to_owned(),
                });
            }
            None => defaults.grouping.ipv6_prefix,
        };
        let times = defaults.timeouts;
        Ok(LimitsConfig {
            // 0 switches the rate limit off.
            requests_per_second: self
                .requests_per_second
                .unwrap_or(defaults.requests_per_second),
            burst: positive("burst", self.burst, defaults.burst)?,
            trusted_proxies,
            exempt_loopback: self.exempt_loopback.unwrap_or(defaults.exempt_loopback),
            expensive_per_client: positive(
                "expensive_per_client",
                self.expensive_per_client,
                defaults.expensive_per_client,
            )?,
            expensive_total: positive(
                "expensive_total",
                self.expensive_total,
                defaults.expensive_total,
            )?,
            grouping: AddressGrouping { ipv6_prefix },
            connections_per_client: positive(
                "connections_per_client",
                self.connections_per_client,
                defaults.connections_per_client,
            )?,
            connections_total: positive(
                "connections_total",
                self.connections_total,
                defaults.connections_total,
            )?,
            timeouts: Timeouts {
                header: seconds(
                    "header_timeout_seconds",
                    self.header_timeout_seconds,
                    times.header,
                )?,
                body: seconds(
                    "body_timeout_seconds",
                    self.body_timeout_seconds,
                    times.body,
                )?,
                request: seconds(
                    "request_timeout_seconds",
                    self.request_timeout_seconds,
                    times.request,
                )?,
                export: seconds(
                    "export_timeout_seconds",
                    self.export_timeout_seconds,
                    times.export,
                )?,
            },
        })
    }
}
