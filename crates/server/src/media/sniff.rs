//! What a media file is, by its first bytes: the proxy serves images, videos and audio
//! only, under the type their bytes show — an HTML page or a script named `.png` is not
//! served at all. SVG is an image with script in it; it is served (NFT art uses it) under
//! a policy that runs nothing and a sandbox (`api/media.rs`).

/// The type of `bytes` when they are an image, a video or audio the web app shows.
#[must_use]
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    let starts = |magic: &[u8]| bytes.starts_with(magic);
    let at = |offset: usize, magic: &[u8]| bytes.get(offset..offset + magic.len()) == Some(magic);
    if starts(b"\x89PNG\r\n\x1a\n") {
        return Some("image/png");
    }
    if starts(b"\xff\xd8\xff") {
        return Some("image/jpeg");
    }
    if starts(b"GIF87a") || starts(b"GIF89a") {
        return Some("image/gif");
    }
    if starts(b"RIFF") && at(8, b"WEBP") {
        return Some("image/webp");
    }
    if starts(b"RIFF") && at(8, b"WAVE") {
        return Some("audio/wav");
    }
    if starts(b"BM") && bytes.len() > 14 {
        return Some("image/bmp");
    }
    if at(4, b"ftyp") {
        let brand = bytes.get(8..12).unwrap_or_default();
        return Some(match brand {
            b"avif" | b"avis" => "image/avif",
            b"M4A " => "audio/mp4",
            _ => "video/mp4",
        });
    }
    if starts(b"\x1a\x45\xdf\xa3") {
        return Some("video/webm");
    }
    if starts(b"OggS") {
        return Some("audio/ogg");
    }
    if starts(b"fLaC") {
        return Some("audio/flac");
    }
    if starts(b"ID3") || (bytes.len() > 1 && bytes[0] == 0xff && bytes[1] & 0xe0 == 0xe0) {
        return Some("audio/mpeg");
    }
    if is_svg(bytes) {
        return Some("image/svg+xml");
    }
    None
}

/// An SVG document: text whose first element is `<svg` (after an XML declaration,
/// comments or a doctype).
fn is_svg(bytes: &[u8]) -> bool {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(1024)]).to_ascii_lowercase();
    let Some(start) = head.find("<svg") else {
        return false;
    };
    let before = head[..start].trim_start_matches('\u{feff}').trim();
    before.is_empty()
        || before.starts_with("<?xml")
        || before.starts_with("<!--")
        || before.starts_with("<!doctype svg")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn media_is_known_by_its_bytes_and_anything_else_is_not_served() {
        assert_eq!(sniff(tandem_testkit::PNG), Some("image/png"));
        assert_eq!(sniff(b"\xff\xd8\xff\xe0\x00\x10JFIF"), Some("image/jpeg"));
        assert_eq!(sniff(b"GIF89a...."), Some("image/gif"));
        assert_eq!(sniff(b"RIFF\x00\x00\x00\x00WEBPVP8 "), Some("image/webp"));
        assert_eq!(sniff(b"\x00\x00\x00\x18ftypmp42"), Some("video/mp4"));
        assert_eq!(sniff(b"\x1a\x45\xdf\xa3\x01"), Some("video/webm"));
        assert_eq!(sniff(b"ID3\x04\x00"), Some("audio/mpeg"));
        assert_eq!(sniff(b"OggS\x00\x02"), Some("audio/ogg"));
        assert_eq!(
            sniff(br#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>"#),
            Some("image/svg+xml")
        );
        for refused in [
            &b"<html><script>alert(1)</script></html>"[..],
            b"<!DOCTYPE html><svg></svg>",
            b"{\"name\":\"x\"}",
            b"",
            b"MZ\x90\x00",
        ] {
            assert_eq!(sniff(refused), None, "{}", String::from_utf8_lossy(refused));
        }
    }
}
