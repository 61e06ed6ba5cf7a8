"""pandas helpers: API data as DataFrames, with dates parsed and numbers typed."""

import re

_iso_date = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def to_frame(data):
    """A DataFrame of an answer's ``data``: a list of records (one row each) or one record (one row).

    Nested objects become dotted columns (``items.revenue``); columns holding ISO dates become
    datetime64, and columns of numbers (nulls as NaN) numeric. Needs pandas.
    """
    try:
        import pandas as pd
    except ImportError as err:  # pragma: no cover - depends on the machine
        raise ImportError("to_frame needs pandas: install it (pip install pandas, or apt install python3-pandas)") from err
    rows = data if isinstance(data, list) else [data]
    frame = pd.json_normalize(rows) if rows else pd.DataFrame()
    for column in frame.columns:
        values = [v for v in frame[column].tolist() if v is not None and v == v]
        if not values:
            continue
        if all(isinstance(v, str) and _iso_date.match(v) for v in values):
            frame[column] = pd.to_datetime(frame[column], format="%Y-%m-%d")
        elif all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
            frame[column] = pd.to_numeric(frame[column])
    return frame
