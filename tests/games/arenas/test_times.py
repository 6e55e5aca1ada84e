"""Reading an arena's start time (``bot.games.arenas.times.start_time``): every form the
refusal's sentence teaches reads back as the moment it names; a time passed (beyond a minute's
grace) or more than a week ahead is refused; anything else typed is refused as unreadable,
always with ``InvalidOptionError`` and never another exception."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from bot.games.arenas.times import start_time
from bot.games.errors import InvalidOptionError

WEEK = 7 * 24 * 60
NOWS = st.datetimes(
    min_value=datetime(2001, 1, 1), max_value=datetime(2090, 1, 1), timezones=st.just(UTC)
)
"""When the command arrives: any moment, seconds and microseconds included."""

FORMS = ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M UTC", "%Y-%m-%d %H:%MZ")
"""The date-and-time spellings read (in UTC)."""

UNREADABLE = "I cannot read"
PASSED = "has passed already"
TOO_FAR = "too far ahead"


def refusal(text: str, now: datetime) -> str:
    with pytest.raises(InvalidOptionError) as refused:
        start_time(text, now)
    return str(refused.value)


@given(NOWS, st.sampled_from([None, "", "   ", "\t\n"]))
def test_nothing_typed_is_now(now: datetime, text: str | None) -> None:
    assert start_time(text, now) == now


@given(NOWS, st.integers(0, WEEK))
def test_minutes_from_now_in_every_spelling(now: datetime, minutes: int) -> None:
    """With a unit, any number of minutes in the week; a bare number only up to 999."""
    expected = now + timedelta(minutes=minutes)
    forms = ["{}m", "{} min", "{}mins", "in {} minutes", "In {} minute", "+{}m"]
    for form in forms + (["{}", "in {}", "+{}"] if minutes <= 999 else []):
        assert start_time(form.format(minutes), now) == expected, form


@given(NOWS, st.integers(1000, 99_999))
def test_a_bare_number_of_four_digits_or_more_is_unreadable(now: datetime, number: int) -> None:
    """"2030" (meant as a time of day) is refused, not read as 2030 minutes (34 hours)."""
    assert UNREADABLE in refusal(str(number), now)


@given(NOWS, st.integers(0, 7 * 24), st.integers(0, 59))
def test_hours_and_minutes_from_now_in_every_spelling(
    now: datetime, hours: int, minutes: int
) -> None:
    """"1h", "2 hours", "1h30m", "in 1 hour 30 minutes": that long from now."""
    assume(hours * 60 + minutes <= WEEK)
    expected = now + timedelta(hours=hours, minutes=minutes)
    for form in ("{h}h", "{h} hours", "in {h} hour", "+{h}hr", "{h}hrs"):
        assert start_time(form.format(h=hours), now) == now + timedelta(hours=hours), form
    for form in ("{h}h{m}m", "{h}h {m}min", "in {h} hours {m} minutes", "+{h}h{m}m"):
        assert start_time(form.format(h=hours, m=minutes), now) == expected, form


def test_hours_read_as_examples_say() -> None:
    now = datetime(2026, 5, 1, 12, 0, 30, tzinfo=UTC)
    assert start_time("1h", now) == now + timedelta(hours=1)
    assert start_time("2 hours", now) == now + timedelta(hours=2)
    assert start_time("1h30m", now) == now + timedelta(minutes=90)
    assert start_time("999", now) == now + timedelta(minutes=999)
    assert UNREADABLE in refusal("2030", now)
    assert UNREADABLE in refusal("1000", now)
    assert TOO_FAR in refusal("169h", now)


@given(NOWS, st.integers(WEEK + 1, 99_999))
def test_minutes_beyond_a_week_are_too_far(now: datetime, minutes: int) -> None:
    assert TOO_FAR in refusal(f"{minutes}m", now)


@given(NOWS, st.integers(0, WEEK))
def test_a_date_and_time_in_the_week_reads_back(now: datetime, offset: int) -> None:
    """``YYYY-MM-DD HH:MM`` (or with T, or UTC/Z after): the moment itself, or now for the
    current minute (typed a few seconds ago)."""
    moment = (now + timedelta(minutes=offset)).replace(second=0, microsecond=0)
    for form in FORMS:
        assert start_time(moment.strftime(form), now) == max(moment, now), form


@given(NOWS, st.integers(0, 23), st.integers(0, 59))
def test_a_time_of_day_not_passed_is_today_in_utc(now: datetime, hour: int, minute: int) -> None:
    moment = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    assume(moment >= now - timedelta(minutes=1))
    assert start_time(f"{hour}:{minute:02d}", now) == max(moment, now)


@given(NOWS, st.integers(-60, WEEK * 60), st.sampled_from(["", ":R", ":f", ":t"]))
def test_a_discord_timestamp_in_the_week_reads_back(
    now: datetime, seconds: int, style: str
) -> None:
    moment = datetime.fromtimestamp(int(now.timestamp()) + seconds, UTC)
    assume(moment >= now - timedelta(minutes=1))
    assert start_time(f"<t:{int(moment.timestamp())}{style}>", now) == max(moment, now)


@given(NOWS, st.integers(2, 2 * WEEK), st.sampled_from(["past", "far"]))
def test_a_moment_passed_or_beyond_the_week_is_refused_in_every_form(
    now: datetime, minutes: int, where: str
) -> None:
    """The same moment as a date and time and as a Discord timestamp: refused with the
    sentence for its fault."""
    if where == "past":
        moment, words = now - timedelta(minutes=minutes), PASSED
    else:
        moment, words = now + timedelta(days=7, minutes=minutes), TOO_FAR
    texts = [moment.strftime(form) for form in FORMS] + [f"<t:{int(moment.timestamp())}:R>"]
    for text in texts:
        assert words in refusal(text, now), text


@given(NOWS, st.text(max_size=30))
def test_anything_typed_gives_a_moment_in_the_week_or_a_sentence(now: datetime, text: str) -> None:
    """Never another exception; an accepted moment is between now and a week ahead."""
    try:
        moment = start_time(text, now)
    except InvalidOptionError as refused:
        assert any(words in str(refused) for words in (UNREADABLE, PASSED, TOO_FAR))
        return
    assert now <= moment <= now + timedelta(days=7)


@given(
    NOWS,
    st.sampled_from(
        ["<t:999999999999:R>", "<t:0>", "9999-12-31 23:59", "2026-02-30 10:00", "2026-13-01 10:00",
         "24:00", "12:60", "99:99", "0001-01-01 00:00", "1e3", "-5m", "tomorrow", "5 hours",
         "in", "m", "12:5", "<t:abc:R>", "\uff12\uff10:\uff13\uff10", "\u0661\u0665m"]
    ),
)  # fmt: skip
def test_odd_texts_give_a_sentence_or_a_moment_in_the_week(now: datetime, text: str) -> None:
    """Days and hours that do not exist, years past datetime's, non-ASCII digits."""
    try:
        moment = start_time(text, now)
    except InvalidOptionError as refused:
        assert any(words in str(refused) for words in (UNREADABLE, PASSED, TOO_FAR))
        return
    assert now <= moment <= now + timedelta(days=7)


def test_refusals_name_what_was_typed_and_its_fault() -> None:
    now = datetime(2026, 5, 1, 12, 0, 30, tzinfo=UTC)
    assert UNREADABLE in refusal("tomorrow at noon", now)
    assert "tomorrow at noon" in refusal("tomorrow at noon", now)
    assert PASSED in refusal("11:58", now)
    assert start_time("2026-05-01 11:59", now.replace(second=0)) == now.replace(second=0)
    assert PASSED in refusal("2026-04-30 12:00", now)
    assert TOO_FAR in refusal("2026-05-08 12:01", now)
    assert start_time("2026-05-08 12:00", now) == datetime(2026, 5, 8, 12, 0, tzinfo=UTC)
    assert UNREADABLE in refusal("2026-02-30 10:00", now)
    assert len(refusal("x" * 500, now)) < 300  # what was typed is cut


def test_the_minute_before_is_taken_as_now_whatever_its_second() -> None:
    """LATE_GRACE: "A time typed for the current minute (or the one before, while the
    command travelled) is taken as now"."""
    now = datetime(2026, 5, 1, 12, 0, 30, tzinfo=UTC)
    assert start_time("11:59", now) == now
