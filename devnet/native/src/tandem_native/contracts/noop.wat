;; The sponsor's no-op contract: accepts any action and does nothing. Its only purpose is to carry
;; the sponsor's co-signing authorisation as the first action, so the sponsor pays CPU and NET.
(module
  (func (export "apply") (param i64 i64 i64)))
