//! A strict reader of Prometheus's text exposition format (0.0.4), for the checks
//! `promtool check metrics` makes where it is not installed: every family has one
//! `# HELP` and one `# TYPE` before its samples and its samples together, names and labels
//! are well formed, no series repeats, counters end in `_total`, and a histogram's buckets
//! rise to `+Inf`, which equals its `_count`.

use std::collections::{BTreeMap, BTreeSet};

/// One sample line: its name, labels and value.
struct Sample {
    name: String,
    labels: BTreeMap<String, String>,
    value: f64,
}

fn metric_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == ':')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
}

fn label_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn value(text: &str) -> Result<f64, String> {
    match text {
        "+Inf" => Ok(f64::INFINITY),
        "-Inf" => Ok(f64::NEG_INFINITY),
        "NaN" => Ok(f64::NAN),
        _ => text
            .parse()
            .map_err(|_| format!("'{text}' is not a number")),
    }
}

/// `{a="1",b="x\"y"}` → the labels; escapes are `\\`, `\"` and `\n` only.
fn labels(text: &str) -> Result<BTreeMap<String, String>, String> {
    let mut found = BTreeMap::new();
    let mut rest = text;
    while !rest.is_empty() {
        let (name, after) = rest
            .split_once("=\"")
            .ok_or_else(|| format!("no label value in {text}"))?;
        if !label_name(name) {
            return Err(format!("bad label name '{name}'"));
        }
        let mut value = String::new();
        let mut chars = after.char_indices();
        let end = loop {
            let (at, c) = chars
                .next()
                .ok_or_else(|| format!("unclosed label in {text}"))?;
            match c {
                '"' => break at,
                '\\' => match chars.next() {
                    Some((_, '\\')) => value.push('\\'),
                    Some((_, '"')) => value.push('"'),
                    Some((_, 'n')) => value.push('\n'),
                    _ => return Err(format!("bad escape in {text}")),
                },
                '\n' => return Err(format!("raw line break in {text}")),
                c => value.push(c),
            }
        };
        if found.insert(name.to_owned(), value).is_some() {
            return Err(format!("label {name} twice in {text}"));
        }
        rest = &after[end + 1..];
        rest = match rest.strip_prefix(',') {
            Some(next) => next,
            None if rest.is_empty() => rest,
            None => return Err(format!("junk after a label in {text}")),
        };
    }
    Ok(found)
}

fn sample(line: &str) -> Result<Sample, String> {
    let (series, rest) = match line.find('{') {
        Some(open) => {
            let close = line
                .rfind('}')
                .ok_or_else(|| format!("unclosed labels: {line}"))?;
            (
                (&line[..open], labels(&line[open + 1..close])?),
                &line[close + 1..],
            )
        }
        None => {
            let (name, rest) = line
                .split_once(' ')
                .ok_or_else(|| format!("no value: {line}"))?;
            (
                (name, BTreeMap::new()),
                &line[name.len()..][..rest.len() + 1],
            )
        }
    };
    let (name, labels) = series;
    if !metric_name(name) {
        return Err(format!("bad metric name '{name}'"));
    }
    let mut parts = rest.split_whitespace();
    let number = value(parts.next().ok_or_else(|| format!("no value: {line}"))?)?;
    if let Some(timestamp) = parts.next() {
        timestamp
            .parse::<i64>()
            .map_err(|_| format!("bad timestamp: {line}"))?;
    }
    if parts.next().is_some() {
        return Err(format!("junk after the value: {line}"));
    }
    Ok(Sample {
        name: name.to_owned(),
        labels,
        value: number,
    })
}

/// The family a sample belongs to, given the families' types.
fn family_of<'a>(name: &'a str, types: &BTreeMap<String, String>) -> &'a str {
    for suffix in ["_bucket", "_sum", "_count"] {
        if let Some(base) = name.strip_suffix(suffix)
            && types
                .get(base)
                .is_some_and(|kind| kind == "histogram" || kind == "summary")
        {
            return base;
        }
    }
    name
}

/// Checks `text`; returns the families it holds.
pub fn check(text: &str) -> Result<BTreeSet<String>, String> {
    let mut helps = BTreeSet::new();
    let mut types: BTreeMap<String, String> = BTreeMap::new();
    let mut finished = BTreeSet::new();
    let mut current: Option<String> = None;
    let mut series = BTreeSet::new();
    let mut samples: Vec<(String, Sample)> = Vec::new();
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let family = if let Some(comment) = line.strip_prefix('#') {
            let mut words = comment.trim_start().splitn(3, ' ');
            let (keyword, name) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
            let rest = words.next().unwrap_or("").trim();
            match keyword {
                "HELP" => {
                    if rest.is_empty() || !helps.insert(name.to_owned()) {
                        return Err(format!("empty or second HELP: {line}"));
                    }
                }
                "TYPE" => {
                    if !["counter", "gauge", "histogram", "summary", "untyped"].contains(&rest) {
                        return Err(format!("bad TYPE: {line}"));
                    }
                    if types.insert(name.to_owned(), rest.to_owned()).is_some() {
                        return Err(format!("second TYPE: {line}"));
                    }
                    if rest == "counter" && !name.ends_with("_total") {
                        return Err(format!("a counter's name must end in _total: {line}"));
                    }
                }
                _ => return Err(format!("unknown comment: {line}")),
            }
            name.to_owned()
        } else {
            let sample = sample(line)?;
            let family = family_of(&sample.name, &types).to_owned();
            if !types.contains_key(&family) || !helps.contains(&family) {
                return Err(format!(
                    "{family} has a sample before its HELP and TYPE: {line}"
                ));
            }
            let key = format!("{}{:?}", sample.name, sample.labels);
            if !series.insert(key) {
                return Err(format!("series repeated: {line}"));
            }
            samples.push((family.clone(), sample));
            family
        };
        if current.as_deref() != Some(family.as_str()) {
            if finished.contains(&family) {
                return Err(format!("{family}'s lines are not together: {line}"));
            }
            if let Some(done) = current.replace(family) {
                finished.insert(done);
            }
        }
    }
    for family in types.keys() {
        if !helps.contains(family) {
            return Err(format!("{family} has a TYPE but no HELP"));
        }
    }
    check_histograms(&types, &samples)?;
    Ok(types.into_keys().collect())
}

/// Each histogram series (its labels but `le`): buckets never fall, `+Inf` is there and
/// equals `_count`, and `_sum` is there.
fn check_histograms(
    types: &BTreeMap<String, String>,
    samples: &[(String, Sample)],
) -> Result<(), String> {
    let mut buckets: BTreeMap<String, Vec<(f64, f64)>> = BTreeMap::new();
    let mut counts: BTreeMap<String, f64> = BTreeMap::new();
    let mut sums = BTreeSet::new();
    for (family, sample) in samples {
        if types.get(family).map(String::as_str) != Some("histogram") {
            continue;
        }
        let mut rest = sample.labels.clone();
        let le = rest.remove("le");
        let key = format!("{family}{rest:?}");
        match sample.name.strip_prefix(family.as_str()) {
            Some("_bucket") => {
                let bound = value(
                    le.as_deref()
                        .ok_or_else(|| format!("{key}: bucket without le"))?,
                )?;
                buckets.entry(key).or_default().push((bound, sample.value));
            }
            Some("_count") => {
                counts.insert(key, sample.value);
            }
            Some("_sum") => {
                sums.insert(key);
            }
            _ => return Err(format!("{}: not a histogram's series", sample.name)),
        }
    }
    for (key, mut list) in buckets {
        list.sort_by(|a, b| a.0.total_cmp(&b.0));
        if list.windows(2).any(|pair| pair[1].1 < pair[0].1) {
            return Err(format!("{key}: buckets fall"));
        }
        let last = list.last().copied().unwrap_or((0.0, 0.0));
        if last.0 != f64::INFINITY {
            return Err(format!("{key}: no +Inf bucket"));
        }
        if counts.get(&key) != Some(&last.1) || !sums.contains(&key) {
            return Err(format!("{key}: _count differs from +Inf, or no _sum"));
        }
    }
    Ok(())
}

#[test]
fn the_checker_refuses_what_promtool_refuses() {
    let good = "# HELP a_total A.\n# TYPE a_total counter\na_total{x=\"1\"} 3\n\n\
                # HELP h H.\n# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_bucket{le=\"+Inf\"} 2\n\
                h_sum 3.5\nh_count 2\n";
    assert_eq!(
        check(good).expect("valid"),
        BTreeSet::from(["a_total".to_owned(), "h".to_owned()])
    );
    for (bad, why) in [
        ("# TYPE a_total counter\na_total 1\n", "no HELP"),
        (
            "# HELP a A.\n# TYPE a counter\na 1\n",
            "a counter without _total",
        ),
        (
            "# HELP a A.\n# TYPE a gauge\na 1\na 2\n",
            "a repeated series",
        ),
        (
            "# HELP a A.\n# TYPE a gauge\na{1x=\"1\"} 1\n",
            "a bad label name",
        ),
        (
            "# HELP a A.\n# TYPE a gauge\na one\n",
            "a value that is no number",
        ),
        (
            "# HELP a A.\n# TYPE a gauge\na 1\n# HELP b B.\n# TYPE b gauge\nb 1\na{x=\"1\"} 1\n",
            "a family split",
        ),
        (
            "# HELP h H.\n# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_sum 1\nh_count 1\n",
            "no +Inf bucket",
        ),
    ] {
        assert!(check(bad).is_err(), "{why} passed: {bad}");
    }
}
