//! The inline `<script>` and `<style>` elements of a pre-rendered page, as the hashes a
//! Content-Security-Policy allows them by: the page's first paint needs its styles inline
//! and its theme set before any script file arrives, while the policy keeps refusing any
//! inline code the build did not write.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use sha2::{Digest as _, Sha256};

/// The `'sha256-…'` sources of a page's inline scripts and styles.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct InlineHashes {
    pub scripts: Vec<String>,
    pub styles: Vec<String>,
}

/// Hashes every `<script>` without `src` and every `<style>` element of `html`.
pub fn inline_hashes(html: &str) -> InlineHashes {
    InlineHashes {
        scripts: element_texts(html, "script")
            .into_iter()
            .filter(|(tag, _)| !tag.contains(" src="))
            .map(|(_, text)| source_hash(text))
            .collect(),
        styles: element_texts(html, "style")
            .into_iter()
            .map(|(_, text)| source_hash(text))
            .collect(),
    }
}

fn source_hash(text: &str) -> String {
    format!(
        "'sha256-{}'",
        STANDARD.encode(Sha256::digest(text.as_bytes()))
    )
}

/// Each `<name …>text</name>` of `html` as (opening tag, text). The build writes these
/// elements itself (scripts and styles hold no `</name` inside), so a scan suffices.
fn element_texts<'a>(html: &'a str, name: &str) -> Vec<(&'a str, &'a str)> {
    let open = format!("<{name}");
    let close = format!("</{name}>");
    let mut found = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find(&open) {
        let after_name = &rest[start + open.len()..];
        // `<styles>` or `<scripted` are other elements.
        if !after_name.starts_with(['>', ' ', '\t', '\n']) {
            rest = after_name;
            continue;
        }
        let Some(tag_end) = after_name.find('>') else {
            break;
        };
        let tag = &after_name[..tag_end];
        let body = &after_name[tag_end + 1..];
        let Some(text_end) = body.find(&close) else {
            break;
        };
        found.push((tag, &body[..text_end]));
        rest = &body[text_end + close.len()..];
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_scripts_and_styles_are_hashed_and_script_files_are_not() {
        let page = "<html><head><script type=\"module\" src=\"/assets/a.js\"></script>\
                    <script>var a=1</script><style>p{color:red}</style></head>\
                    <body><p>styles, scripts</p></body></html>";
        let hashes = inline_hashes(page);
        assert_eq!(hashes.scripts, vec![source_hash("var a=1")]);
        assert_eq!(hashes.styles, vec![source_hash("p{color:red}")]);
        // The value a browser computes for `alert(1)` (CSP Level 3 examples use the same).
        assert_eq!(
            source_hash("alert(1)"),
            "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"
        );
        assert_eq!(inline_hashes("<p>no code</p>"), InlineHashes::default());
    }
}
