//! `data:` URIs (RFC 2397), decoded only when they fit: a token's URI is whatever its
//! contract returns, so a 5 MB `data:` URI is refused by its length before a byte of it
//! is decoded.

use base64::Engine as _;

use crate::FetchError;

/// A decoded `data:` URI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataUri {
    /// The media type it declares (`text/plain;charset=US-ASCII` when it declares none).
    pub media_type: String,
    /// The decoded bytes.
    pub bytes: Vec<u8>,
}

/// Decodes `uri` (`data:[<media type>][;base64],<data>`) when its decoded size can be at
/// most `max_bytes`.
///
/// # Errors
/// [`FetchError::TooLarge`] when the URI is longer than `max_bytes` could encode to;
/// [`FetchError::InvalidDataUri`] when it is not a `data:` URI or does not decode.
pub fn decode(uri: &str, max_bytes: usize) -> Result<DataUri, FetchError> {
    let trimmed = uri.trim();
    let rest = trimmed
        .get(..5)
        .filter(|scheme| scheme.eq_ignore_ascii_case("data:"))
        .and_then(|_| trimmed.get(5..))
        .ok_or(FetchError::InvalidDataUri)?;
    let (header, payload) = rest.split_once(',').ok_or(FetchError::InvalidDataUri)?;
    // Base64 grows data by 4/3, percent-encoding by up to 3: a longer payload cannot fit.
    let base64 = header.to_ascii_lowercase().ends_with(";base64");
    let longest = if base64 {
        max_bytes.div_ceil(3).saturating_mul(4).saturating_add(64)
    } else {
        max_bytes.saturating_mul(3)
    };
    if payload.len() > longest {
        return Err(FetchError::TooLarge { limit: max_bytes });
    }
    let bytes = if base64 {
        let compact: String = payload.split_ascii_whitespace().collect();
        base64::engine::general_purpose::STANDARD
            .decode(compact.trim_end_matches('=').to_owned() + padding(&compact))
            .map_err(|_| FetchError::InvalidDataUri)?
    } else {
        percent_encoding::percent_decode_str(payload).collect()
    };
    if bytes.len() > max_bytes {
        return Err(FetchError::TooLarge { limit: max_bytes });
    }
    let media_type = header
        .trim_end_matches(";base64")
        .trim_end_matches(";BASE64")
        .trim();
    Ok(DataUri {
        media_type: if media_type.is_empty() {
            "text/plain;charset=US-ASCII".to_owned()
        } else {
            media_type.to_owned()
        },
        bytes,
    })
}

/// The `=` padding that makes unpadded base64 (which some contracts emit) decode.
fn padding(compact: &str) -> &'static str {
    match compact.trim_end_matches('=').len() % 4 {
        2 => "==",
        3 => "=",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_base64_and_percent_encoded_payloads() {
        let doc = decode("data:application/json;base64,eyJuYW1lIjoiYSJ9", 1024).unwrap();
        assert_eq!(doc.media_type, "application/json");
        assert_eq!(doc.bytes, br#"{"name":"a"}"#);
        let doc = decode("data:application/json,%7B%22name%22%3A%22b%22%7D", 1024).unwrap();
        assert_eq!(doc.bytes, br#"{"name":"b"}"#);
        let stray = decode("data:,100%25 %zz%4", 64).unwrap();
        assert_eq!(stray.bytes, b"100% %zz%4", "a stray percent sign is kept");
        let unpadded = decode("data:text/plain;base64,YWI", 1024).unwrap();
        assert_eq!(unpadded.bytes, b"ab");
        assert_eq!(
            decode("data:,hi", 16).unwrap().media_type,
            "text/plain;charset=US-ASCII"
        );
    }

    #[test]
    fn refuses_what_is_not_a_data_uri_or_does_not_decode() {
        for bad in ["data:nocomma", "https://x.example/a", "data:a;base64,!!!"] {
            assert_eq!(decode(bad, 1024), Err(FetchError::InvalidDataUri), "{bad}");
        }
    }

    #[test]
    fn a_payload_too_long_for_the_cap_is_refused_before_decoding() {
        // 5 MB of base64 against a 1 MiB cap: refused by its length alone.
        let huge = format!(
            "data:application/json;base64,{}",
            "QUFB".repeat(5 << 20 >> 2)
        );
        assert_eq!(
            decode(&huge, 1 << 20),
            Err(FetchError::TooLarge { limit: 1 << 20 })
        );
        let plain = format!("data:text/plain,{}", "a".repeat(100));
        assert_eq!(decode(&plain, 99), Err(FetchError::TooLarge { limit: 99 }));
        assert!(decode(&plain, 100).is_ok());
    }
}
