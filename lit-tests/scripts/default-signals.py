#!/usr/bin/env python3
"""Usage: default-signals.py COMMAND [ARGS...]

Runs COMMAND with SIGINT, SIGTERM and SIGHUP at their default action. A test
runner may start commands with SIGINT ignored (as a shell does for background
jobs), and a program started so keeps ignoring it; tests of what a signal
does need the default.
"""
import os
import signal
import sys

for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(sig, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])
