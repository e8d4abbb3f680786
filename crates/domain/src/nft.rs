//! NFT metadata (spec §3): name, description, media and attributes from the metadata
//! JSON, tolerating anything invalid (including the indexer's `___INVALID_METADATA___`),
//! with IPFS links rewritten to a configured HTTP gateway.
//!
//! Media rule: an `animation_url` that is video or audio wins (an audio NFT keeps its
//! `image` as cover); an `image` that is really a video or audio file is treated as such;
//! otherwise `image` is the picture (links without an extension are assumed images, as
//! most IPFS images have none). The kind comes from a MIME hint (`mime_type`,
//! `mimeType`, `content_type`, or the same under `properties`) when given, else from the
//! file extension. The indexer's `imageCache` (an HTTP thumbnail) is preferred for the
//! picture when present.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::DomainError;

mod preview;
pub use preview::metadata_preview;

/// The indexer's marker for metadata it could not read.
pub const INVALID_METADATA: &str = "___INVALID_METADATA___";

/// What kind of media an NFT shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum MediaType {
    /// A picture.
    Image,
    /// A video.
    Video,
    /// Audio (possibly with a cover picture).
    Audio,
    /// Nothing showable.
    #[default]
    Unknown,
}

/// The NFT standard of a contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum NftStandard {
    /// ERC-721 (interface 0x80ac58cd).
    Erc721,
    /// ERC-1155 (interface 0xd9b67a26).
    Erc1155,
}

impl NftStandard {
    /// The NFT standard among a contract's supported interfaces (`erc721`, `erc1155`,
    /// case-insensitive; ERC-721 wins if both are listed).
    ///
    /// # Errors
    /// [`DomainError::InvalidNftContractType`] when neither is supported.
    pub fn from_supported_interfaces<S: AsRef<str>>(interfaces: &[S]) -> Result<Self, DomainError> {
        let has = |wanted: &str| {
            interfaces
                .iter()
                .any(|i| i.as_ref().eq_ignore_ascii_case(wanted))
        };
        if has("erc721") {
            Ok(Self::Erc721)
        } else if has("erc1155") {
            Ok(Self::Erc1155)
        } else {
            Err(DomainError::InvalidNftContractType)
        }
    }
}

/// The public gateway `ipfs://` links of token lists and NFT metadata go through.
pub const PUBLIC_IPFS_GATEWAY: &str = "https://ipfs.io/ipfs/";

/// An HTTP gateway that `ipfs://` links are rewritten to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IpfsGateway {
    base: String,
}

impl IpfsGateway {
    /// A gateway whose `base` (e.g. `https://ipfs.io/ipfs/`) gets `CID/path` appended.
    ///
    /// # Errors
    /// [`DomainError::InvalidIpfsGateway`] unless it starts with `http://` or `https://`.
    pub fn new(base: &str) -> Result<Self, DomainError> {
        if !(base.starts_with("https://") || base.starts_with("http://")) {
            return Err(DomainError::InvalidIpfsGateway(base.to_owned()));
        }
        let mut base = base.to_owned();
        if !base.ends_with('/') {
            base.push('/');
        }
        Ok(Self { base })
    }

    /// `ipfs://CID/path` (and `ipfs://ipfs/CID/path`) through the gateway; any other link
    /// unchanged.
    #[must_use]
    pub fn rewrite(&self, link: &str) -> String {
        let Some(rest) = link.strip_prefix("ipfs://") else {
            return link.to_owned();
        };
        let rest = rest.strip_prefix("ipfs/").unwrap_or(rest);
        format!("{}{}", self.base, rest)
    }
}

/// One attribute, from `trait_type` and `value`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NftAttribute {
    /// The trait type (empty when not given).
    pub label: String,
    /// The value as text.
    pub text: String,
}

/// What the UI shows of an NFT.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NftDetails {
    /// Name, when the metadata has one.
    pub name: Option<String>,
    /// Description.
    pub description: Option<String>,
    /// The kind of media.
    pub media_type: MediaType,
    /// Picture (or audio cover).
    pub img_src: Option<String>,
    /// Video.
    pub video_src: Option<String>,
    /// Audio.
    pub audio_src: Option<String>,
    /// Attributes.
    pub attributes: Vec<NftAttribute>,
}

/// Reads NFT metadata; never fails (bad metadata gives empty details).
#[must_use]
pub fn parse_nft_metadata(
    metadata: Option<&str>,
    image_cache: Option<&str>,
    gateway: &IpfsGateway,
) -> NftDetails {
    let object = metadata
        .filter(|m| *m != INVALID_METADATA)
        .and_then(|m| serde_json::from_str::<Value>(m).ok())
        .and_then(|v| match v {
            Value::Object(map) => Some(map),
            _ => None,
        })
        .unwrap_or_default();
    let mut details = NftDetails {
        name: text_of(object.get("name")),
        description: text_of(object.get("description")),
        attributes: attributes(object.get("attributes")),
        ..NftDetails::default()
    };
    let hint = mime_hint(&object);
    let image = first_string(&object, &["image", "image_url", "imageUrl"]);
    let animation = first_string(&object, &["animation_url", "animationUrl"]);
    if let Some(animation) = &animation {
        match classify(animation, hint.as_deref()) {
            MediaType::Video => details.video_src = Some(animation.clone()),
            MediaType::Audio => details.audio_src = Some(animation.clone()),
            MediaType::Image => details.img_src = Some(animation.clone()),
            MediaType::Unknown => {}
        }
    }
    if let Some(image) = image {
        let image_hint = if animation.is_some() {
            None
        } else {
            hint.as_deref()
        };
        match classify(&image, image_hint) {
            // A video or audio animation stays; the image only fills an empty slot.
            MediaType::Video => details.video_src = details.video_src.take().or(Some(image)),
            MediaType::Audio => details.audio_src = details.audio_src.take().or(Some(image)),
            // A picture from `image` beats one from `animation_url`.
            MediaType::Image | MediaType::Unknown => details.img_src = Some(image),
        }
    }
    if let Some(cache) = image_cache.filter(|c| !c.is_empty()) {
        details.img_src = Some(cache.to_owned());
    }
    for src in [
        &mut details.img_src,
        &mut details.video_src,
        &mut details.audio_src,
    ] {
        *src = src.take().map(|link| gateway.rewrite(&link));
    }
    details.media_type = if details.video_src.is_some() {
        MediaType::Video
    } else if details.audio_src.is_some() {
        MediaType::Audio
    } else if details.img_src.is_some() {
        MediaType::Image
    } else {
        MediaType::Unknown
    };
    details
}

fn text_of(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn first_string(object: &Map<String, Value>, keys: &[&str]) -> Option<String> {
    keys.iter()
        .find_map(|k| object.get(*k).and_then(Value::as_str))
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

fn mime_hint(object: &Map<String, Value>) -> Option<String> {
    const KEYS: [&str; 3] = ["mime_type", "mimeType", "content_type"];
    first_string(object, &KEYS).or_else(|| {
        object
            .get("properties")
            .and_then(Value::as_object)
            .and_then(|p| first_string(p, &KEYS))
    })
}

fn classify(link: &str, hint: Option<&str>) -> MediaType {
    if let Some(hint) = hint.map(str::to_ascii_lowercase) {
        for (prefix, kind) in [
            ("video/", MediaType::Video),
            ("audio/", MediaType::Audio),
            ("image/", MediaType::Image),
        ] {
            if hint.starts_with(prefix) {
                return kind;
            }
        }
    }
    let path = link.split(['?', '#']).next().unwrap_or_default();
    let last = path.rsplit('/').next().unwrap_or_default();
    let Some((_, extension)) = last.rsplit_once('.') else {
        return MediaType::Unknown;
    };
    match extension.to_ascii_lowercase().as_str() {
        "mp4" | "webm" | "mov" | "m4v" | "ogv" => MediaType::Video,
        "mp3" | "wav" | "ogg" | "oga" | "flac" | "m4a" | "aac" => MediaType::Audio,
        "png" | "jpg" | "jpeg" | "gif" | "svg" | "webp" | "avif" | "bmp" => MediaType::Image,
        _ => MediaType::Unknown,
    }
}

fn attributes(value: Option<&Value>) -> Vec<NftAttribute> {
    match value {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|item| {
                let item = item.as_object()?;
                Some(NftAttribute {
                    label: text_of(item.get("trait_type")).unwrap_or_default(),
                    text: text_of(item.get("value"))?,
                })
            })
            .collect(),
        Some(Value::Object(map)) => map
            .iter()
            .filter_map(|(label, value)| {
                Some(NftAttribute {
                    label: label.clone(),
                    text: text_of(Some(value))?,
                })
            })
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gateway() -> IpfsGateway {
        IpfsGateway::new("https://ipfs.example/ipfs").unwrap()
    }

    fn media(
        metadata: &str,
        cache: Option<&str>,
    ) -> (MediaType, Option<String>, Option<String>, Option<String>) {
        let d = parse_nft_metadata(Some(metadata), cache, &gateway());
        (d.media_type, d.img_src, d.video_src, d.audio_src)
    }

    #[test]
    fn media_table() {
        let s = |x: &str| Some(x.to_owned());
        let cases = [
            (
                r#"{"image":"ipfs://Qm1/a.png"}"#,
                None,
                (
                    MediaType::Image,
                    s("https://ipfs.example/ipfs/Qm1/a.png"),
                    None,
                    None,
                ),
            ),
            (
                r#"{"image":"ipfs://ipfs/Qm1"}"#,
                None,
                (
                    MediaType::Image,
                    s("https://ipfs.example/ipfs/Qm1"),
                    None,
                    None,
                ),
            ),
            (
                r#"{"image":"https://x/v.MP4?x=1"}"#,
                None,
                (MediaType::Video, None, s("https://x/v.MP4?x=1"), None),
            ),
            (
                r#"{"image":"https://x/c.png","animation_url":"https://x/a.mp3"}"#,
                None,
                (
                    MediaType::Audio,
                    s("https://x/c.png"),
                    None,
                    s("https://x/a.mp3"),
                ),
            ),
            (
                r#"{"image":"https://x/c.png","animation_url":"https://x/v"}"#,
                None,
                (MediaType::Image, s("https://x/c.png"), None, None),
            ),
            (
                r#"{"image":"https://x/c.png","animation_url":"https://x/v","mime_type":"video/mp4"}"#,
                None,
                (
                    MediaType::Video,
                    s("https://x/c.png"),
                    s("https://x/v"),
                    None,
                ),
            ),
            (
                r#"{"image":"https://x/blob","properties":{"mimeType":"audio/wav"}}"#,
                None,
                (MediaType::Audio, None, None, s("https://x/blob")),
            ),
            (
                r#"{"animation_url":"https://x/a.gif"}"#,
                None,
                (MediaType::Image, s("https://x/a.gif"), None, None),
            ),
            (
                r#"{"animation_url":"https://x/game.html"}"#,
                None,
                (MediaType::Unknown, None, None, None),
            ),
            (
                r#"{"image":"https://x/a.png"}"#,
                Some("https://cache/a.webp"),
                (MediaType::Image, s("https://cache/a.webp"), None, None),
            ),
            (
                INVALID_METADATA,
                Some("https://cache/a.webp"),
                (MediaType::Image, s("https://cache/a.webp"), None, None),
            ),
            (
                INVALID_METADATA,
                None,
                (MediaType::Unknown, None, None, None),
            ),
            ("{not json", None, (MediaType::Unknown, None, None, None)),
            ("[1,2]", None, (MediaType::Unknown, None, None, None)),
            (
                r#"{"image":42}"#,
                None,
                (MediaType::Unknown, None, None, None),
            ),
            (
                r#"{"image":"  "}"#,
                None,
                (MediaType::Unknown, None, None, None),
            ),
        ];
        for (metadata, cache, expected) in cases {
            assert_eq!(media(metadata, cache), expected, "{metadata}");
        }
    }

    #[test]
    fn name_description_and_attributes() {
        let metadata = r#"{"name":"Tandem #1","description":"A pair","attributes":[
            {"trait_type":"Color","value":"red"},{"trait_type":"Level","value":3},
            {"value":true},{"trait_type":"Empty","value":null},"junk"]}"#;
        let details = parse_nft_metadata(Some(metadata), None, &gateway());
        assert_eq!(details.name.as_deref(), Some("Tandem #1"));
        assert_eq!(details.description.as_deref(), Some("A pair"));
        let pairs: Vec<(&str, &str)> = details
            .attributes
            .iter()
            .map(|a| (a.label.as_str(), a.text.as_str()))
            .collect();
        assert_eq!(pairs, [("Color", "red"), ("Level", "3"), ("", "true")]);
        let map_form = parse_nft_metadata(
            Some(r#"{"name":7,"attributes":{"Eyes":"blue"}}"#),
            None,
            &gateway(),
        );
        assert_eq!(map_form.name.as_deref(), Some("7"));
        assert_eq!(
            map_form.attributes,
            [NftAttribute {
                label: "Eyes".into(),
                text: "blue".into()
            }]
        );
        assert_eq!(
            parse_nft_metadata(None, None, &gateway()),
            NftDetails::default()
        );
    }

    #[test]
    fn gateway_rules() {
        assert_eq!(
            IpfsGateway::new("ftp://x"),
            Err(DomainError::InvalidIpfsGateway("ftp://x".into()))
        );
        let g = IpfsGateway::new("http://127.0.0.1:8080/ipfs/").unwrap();
        assert_eq!(
            g.rewrite("ipfs://Qm/x.png"),
            "http://127.0.0.1:8080/ipfs/Qm/x.png"
        );
        assert_eq!(g.rewrite("https://a/b"), "https://a/b");
        assert_eq!(
            g.rewrite("data:image/png;base64,AA"),
            "data:image/png;base64,AA"
        );
    }

    #[test]
    fn nft_contract_standard() {
        assert_eq!(
            NftStandard::from_supported_interfaces(&["erc165", "ERC721"]),
            Ok(NftStandard::Erc721)
        );
        assert_eq!(
            NftStandard::from_supported_interfaces(&["erc1155"]),
            Ok(NftStandard::Erc1155)
        );
        assert_eq!(
            NftStandard::from_supported_interfaces(&["erc20"]),
            Err(DomainError::InvalidNftContractType)
        );
        assert_eq!(
            NftStandard::from_supported_interfaces::<&str>(&[]),
            Err(DomainError::InvalidNftContractType)
        );
    }
}
