//! [`Value`] as a PostgreSQL parameter and column: integers bind to whichever integer
//! (or boolean) type the statement expects, so the shared SQL needs no casts, and
//! every column type the schema uses reads back as the same values SQLite gives.

use std::error::Error;

use bytes::BytesMut;
use tokio_postgres::types::{FromSql, IsNull, Kind, ToSql, Type, to_sql_checked};

use crate::store::sql::Value;

type Failure = Box<dyn Error + Sync + Send>;

impl ToSql for Value {
    fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, Failure> {
        match self {
            Self::Null => Ok(IsNull::Yes),
            Self::Int(n) if *ty == Type::INT8 => n.to_sql(ty, out),
            Self::Int(n) if *ty == Type::INT4 => i32::try_from(*n)?.to_sql(ty, out),
            Self::Int(n) if *ty == Type::INT2 => i16::try_from(*n)?.to_sql(ty, out),
            Self::Int(n) if *ty == Type::BOOL => (*n != 0).to_sql(ty, out),
            Self::Bytes(bytes) if *ty == Type::BYTEA => bytes.as_slice().to_sql(ty, out),
            Self::Text(text) if <&str as ToSql>::accepts(ty) => text.as_str().to_sql(ty, out),
            // Each element binds as the array's element type, by the rules above.
            Self::List(items) if matches!(ty.kind(), Kind::Array(_)) => {
                items.as_slice().to_sql(ty, out)
            }
            other => Err(format!("cannot bind {other:?} as {ty}").into()),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

impl<'a> FromSql<'a> for Value {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Self, Failure> {
        Ok(if *ty == Type::INT8 {
            Self::Int(i64::from_sql(ty, raw)?)
        } else if *ty == Type::INT4 {
            Self::Int(i32::from_sql(ty, raw)?.into())
        } else if *ty == Type::INT2 {
            Self::Int(i16::from_sql(ty, raw)?.into())
        } else if *ty == Type::BOOL {
            Self::Int(bool::from_sql(ty, raw)?.into())
        } else if *ty == Type::BYTEA {
            Self::Bytes(<Vec<u8>>::from_sql(ty, raw)?)
        } else if <String as FromSql>::accepts(ty) {
            Self::Text(String::from_sql(ty, raw)?)
        } else {
            return Err(format!("unexpected column type {ty}").into());
        })
    }

    fn from_sql_null(_: &Type) -> Result<Self, Failure> {
        Ok(Self::Null)
    }

    fn accepts(_: &Type) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_bind_to_the_width_the_statement_wants() {
        let mut out = BytesMut::new();
        assert!(Value::Int(7).to_sql(&Type::INT2, &mut out).is_ok());
        assert_eq!(&out[..], &[0, 7]);
        assert!(Value::Int(70_000).to_sql(&Type::INT2, &mut out).is_err());
        assert!(
            Value::Text("x".into())
                .to_sql(&Type::BYTEA, &mut out)
                .is_err()
        );
    }

    #[test]
    fn a_list_binds_as_an_array_of_its_elements_only() {
        let list = Value::List(vec![Value::Bytes(vec![1, 2]), Value::Bytes(Vec::new())]);
        let mut out = BytesMut::new();
        assert!(list.to_sql(&Type::BYTEA_ARRAY, &mut out).is_ok());
        let mut expected = BytesMut::new();
        let arrays: &[&[u8]] = &[&[1, 2], &[]];
        assert!(arrays.to_sql(&Type::BYTEA_ARRAY, &mut expected).is_ok());
        assert_eq!(out, expected);
        assert!(list.to_sql(&Type::BYTEA, &mut BytesMut::new()).is_err());
        let ints = Value::List(vec![Value::Int(70_000)]);
        assert!(
            ints.to_sql(&Type::INT2_ARRAY, &mut BytesMut::new())
                .is_err()
        );
    }

    #[test]
    fn columns_read_back_as_sqlite_gives_them() {
        assert_eq!(Value::from_sql(&Type::BOOL, &[1]).unwrap(), Value::Int(1));
        assert_eq!(
            Value::from_sql(&Type::INT2, &[0, 2]).unwrap(),
            Value::Int(2)
        );
        assert_eq!(Value::from_sql_null(&Type::BYTEA).unwrap(), Value::Null);
    }
}
