//! # tandem-antelope
//!
//! Native (Antelope) chain access: the chain API client, the Hyperion v2 history
//! client, the fee-sponsor client, transaction building with TAPOS, packing,
//! signature merging and broadcast.
//!
//! Nothing lives here yet: the native chain is built by the "zero" issue.
