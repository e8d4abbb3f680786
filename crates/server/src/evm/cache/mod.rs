//! Every cache of the server, in one place and with a small interface, so they can be
//! replaced together (by one bounded cache type) without touching their users:
//!
//! - [`SharedCache`]: answers and failures for a time, one fetch per key at a time;
//! - [`FlightCache`]: answers per key and filter, one upstream fetch per key at a time
//!   (spec §4 "History fetch");
//! - [`IndexStampedCache`]: values reused while the own index stands still;
//! - [`CodeKinds`]: whether addresses hold code.

mod code_kinds;
mod flight;
mod shared;
mod stamped;

pub use code_kinds::{CODE_KIND_TTL, CodeKinds};
pub use flight::FlightCache;
pub use shared::SharedCache;
pub use stamped::{IndexStamp, IndexStampedCache};
