//! JSON log lines for log collectors (`log_format = "json"`): one object a line with
//! `timestamp`, `level`, `target`, the event's fields (`message` among them) and the
//! fields of the spans it was logged in, flat at the top — a line logged while a request
//! is answered has its `request_id`, `method` and `route` beside its message.

use std::fmt;

use serde_json::{Map, Value};
use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber};
use tracing_subscriber::fmt::format::{JsonFields, Writer};
use tracing_subscriber::fmt::time::{FormatTime, SystemTime};
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormattedFields};
use tracing_subscriber::registry::LookupSpan;

/// The event format of JSON lines; pair it with [`JsonFields`] as the span fields'
/// format (`fmt().fmt_fields(JsonFields::new()).event_format(FlatJson)`).
#[derive(Debug, Clone, Copy, Default)]
pub struct FlatJson;

impl<S> FormatEvent<S, JsonFields> for FlatJson
where
    S: Subscriber + for<'a> LookupSpan<'a>,
{
    fn format_event(
        &self,
        context: &FmtContext<'_, S, JsonFields>,
        mut writer: Writer<'_>,
        event: &Event<'_>,
    ) -> fmt::Result {
        let mut line = Map::new();
        let mut timestamp = String::new();
        SystemTime.format_time(&mut Writer::new(&mut timestamp))?;
        line.insert("timestamp".to_owned(), Value::String(timestamp));
        let metadata = event.metadata();
        line.insert("level".to_owned(), metadata.level().as_str().into());
        line.insert("target".to_owned(), metadata.target().into());
        // Outer spans first, so an inner span's field of the same name wins.
        if let Some(scope) = context.event_scope() {
            for span in scope.from_root() {
                let extensions = span.extensions();
                let Some(fields) = extensions.get::<FormattedFields<JsonFields>>() else {
                    continue;
                };
                if let Ok(Value::Object(fields)) = serde_json::from_str::<Value>(&fields.fields) {
                    line.extend(fields);
                }
            }
        }
        event.record(&mut Fields(&mut line));
        writeln!(writer, "{}", Value::Object(line))
    }
}

/// An event's fields into the line.
struct Fields<'a>(&'a mut Map<String, Value>);

impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0
            .insert(field.name().to_owned(), Value::String(format!("{value:?}")));
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_owned(), value.into());
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.0.insert(field.name().to_owned(), value.into());
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.0.insert(field.name().to_owned(), value.into());
    }

    fn record_u128(&mut self, field: &Field, value: u128) {
        let value =
            u64::try_from(value).map_or_else(|_| Value::String(value.to_string()), Value::from);
        self.0.insert(field.name().to_owned(), value);
    }

    fn record_f64(&mut self, field: &Field, value: f64) {
        self.0.insert(field.name().to_owned(), value.into());
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.0.insert(field.name().to_owned(), value.into());
    }

    fn record_error(&mut self, field: &Field, value: &(dyn std::error::Error + 'static)) {
        self.0
            .insert(field.name().to_owned(), Value::String(value.to_string()));
    }
}
