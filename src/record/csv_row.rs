//! A transcript row as bytes, exactly as the `csv` crate's writer makes it with its defaults: `,`
//! between fields and `\n` after the row, a field in quotes only when it holds `,`, `"`, `\r` or
//! `\n`, a quote inside doubled, and a row of one empty field written `""`. Built in a buffer the
//! writer reuses, one row per call, without the crate's per-field state machine; the tests hold
//! it to the crate's output.

/// Appends `fields` as one row, its `\n` included.
pub(super) fn push_row(out: &mut Vec<u8>, fields: &[&[u8]]) {
    if let [only] = fields
        && only.is_empty()
    {
        out.extend_from_slice(b"\"\"\n");
        return;
    }
    for (i, field) in fields.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        push_field(out, field);
    }
    out.push(b'\n');
}

/// Appends one field, in quotes if it needs them.
pub(super) fn push_field(out: &mut Vec<u8>, field: &[u8]) {
    if !field.iter().any(|&b| matches!(b, b',' | b'"' | b'\r' | b'\n')) {
        out.extend_from_slice(field);
        return;
    }
    out.push(b'"');
    for part in field.split_inclusive(|&b| b == b'"') {
        out.extend_from_slice(part);
        if part.ends_with(b"\"") {
            out.push(b'"');
        }
    }
    out.push(b'"');
}

/// Appends `n` in decimal (a field that never needs quotes).
pub(super) fn push_number(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn by_the_crate(rows: &[Vec<Vec<u8>>]) -> Vec<u8> {
        let mut writer = csv::WriterBuilder::new().flexible(true).from_writer(Vec::new());
        for row in rows {
            writer.write_record(row).unwrap();
        }
        writer.into_inner().unwrap()
    }

    fn by_push_row(rows: &[Vec<Vec<u8>>]) -> Vec<u8> {
        let mut out = Vec::new();
        for row in rows {
            let fields: Vec<&[u8]> = row.iter().map(Vec::as_slice).collect();
            push_row(&mut out, &fields);
        }
        out
    }

    #[test]
    fn rows_are_the_bytes_the_csv_crate_writes() {
        let pieces: [&[u8]; 14] = [
            b"",
            b",",
            b"\"",
            b"\r",
            b"\n",
            b"'",
            b"=",
            b" ",
            b"a",
            b"GET_STOCK",
            "7♥".as_bytes(),
            b"#",
            b"\t",
            b"\"\"",
        ];
        // A fixed pseudo-random walk over the pieces (xorshift), every row length from 1 to 5.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut rows: Vec<Vec<Vec<u8>>> = vec![vec![Vec::new()], vec![b"seq".to_vec(), b"ms".to_vec()]];
        for _ in 0..5000 {
            let fields = 1 + next(5);
            rows.push(
                (0..fields).map(|_| (0..next(5)).flat_map(|_| pieces[next(pieces.len())].to_vec()).collect()).collect(),
            );
        }
        for row in &rows {
            let one = std::slice::from_ref(row);
            assert_eq!(
                by_push_row(one),
                by_the_crate(one),
                "{:?}",
                row.iter().map(|f| String::from_utf8_lossy(f)).collect::<Vec<_>>()
            );
        }
        assert_eq!(by_push_row(&rows), by_the_crate(&rows));
    }

    #[test]
    fn numbers_are_written_in_decimal() {
        for n in [0, 7, 9, 10, 99, 100, 12_345, u64::MAX] {
            let mut out = Vec::new();
            push_number(&mut out, n);
            assert_eq!(out, n.to_string().into_bytes());
        }
    }
}
