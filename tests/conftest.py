"""Shared by every test: no all-hands-open searches started in other processes while hands are
played (tiangow.bots.ahead), unless a test switches them on itself — the suite's many tables
would each start one."""

import os

os.environ.setdefault("TIANGOW_OPEN_AHEAD", "0")
