//! Networks and their chain settings (spec §3, §9).
