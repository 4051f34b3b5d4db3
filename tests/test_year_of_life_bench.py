"""The scripted year (bench/year_of_life.py), shortened to six weeks: maintain runs every
day, each job when it is due, and the store stays check-clean."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import year_of_life


def test_six_weeks_of_a_life_stay_healthy(capsys: pytest.CaptureFixture[str]) -> None:
    year_of_life.main(["--days", "45"])
    out = capsys.readouterr().out
    assert "check: clean every month" in out
    assert "'daily runs': 45, 'weekly runs': 7, 'monthly runs': 2" in out
    assert "connections at the end: [('Google Calendar', 'active')]" in out  # granted day 40
