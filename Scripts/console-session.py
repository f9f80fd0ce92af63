#!/usr/bin/env python3
"""Plays a person's session of the interactive console in a pseudo-terminal, the way tmux would
see it: start, search, open a hero and see its picture, edit, Ctrl-C out of a form, back, and
Ctrl-C on the list to quit; then `show 0007 --picture`. Usage: console-session.py HEROES_CLI.
Prints the transcript (escapes as ⎋) and exits 1 with the reason when a step does not show what it should."""
import fcntl, os, pty, select, struct, sys, termios, time

transcript = b""


def fail(reason):
    sys.stdout.write(transcript.decode("utf-8", "replace").replace("\x1b", "⎋"))
    sys.stdout.write("\nFAILED: %s\n" % reason)
    sys.exit(1)


def expect(fd, text, timeout=30):
    global transcript
    start, needle = len(transcript), text.encode()
    deadline = time.time() + timeout
    while needle not in transcript[start:]:
        if time.time() > deadline:
            fail("no %r within %ds" % (text, timeout))
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                fail("the console ended before %r" % text)
            if not chunk:
                fail("the console ended before %r" % text)
            transcript += chunk
    return transcript[start:].decode("utf-8", "replace")


def main():
    global transcript
    binary = sys.argv[1]
    os.environ.pop("HEROES_CONSOLE", None)
    os.environ["TERM"] = "xterm-256color"
    os.environ["COLUMNS"] = "64"
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(binary, [binary])
    expect(fd, "heroes> ")
    modes = termios.tcgetattr(fd)
    os.write(fd, b"/quill\n")
    expect(fd, "heroes> ")
    os.write(fd, b"1\n")
    shown = expect(fd, "hero 0007> ")
    if "quillfeather" not in shown:
        fail("the hero's card is missing")
    drawing = [line for line in shown.splitlines() if "\u2580" in line]
    if len(drawing) < 10 or "\x1b[38;2;" not in drawing[0] or not drawing[0].endswith("\x1b[0m"):
        fail("no picture in 24-bit half blocks under the card")
    if any(line.count("\u2580") > 64 for line in drawing):
        fail("the picture is wider than the terminal")
    os.write(fd, b"e\n")
    expect(fd, "code name [quillfeather]: ")
    os.write(fd, b"Quillfeather\n")
    for field in ["real name", "powers", "team"]:
        expect(fd, field)
        os.write(fd, b"\n")
    saved = expect(fd, "hero 0007> ")
    if "Quillfeather" not in saved:
        fail("the edit did not show the saved hero")
    os.write(fd, b"e\n")
    expect(fd, "code name [Quillfeather]: ")
    os.write(fd, b"\x03")
    expect(fd, "heroes> ")
    os.write(fd, b"0007\n")
    expect(fd, "hero 0007> ")
    os.write(fd, b"b\n")
    expect(fd, "heroes> ")
    if termios.tcgetattr(fd) != modes:
        fail("the terminal's modes changed during the session")
    os.write(fd, b"\x03")
    deadline = time.time() + 30
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        if time.time() > deadline:
            fail("Ctrl-C on the list did not quit")
        try:
            select.select([fd], [], [], 0.2)
            transcript += os.read(fd, 65536)
        except OSError:
            pass
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        fail("the console did not exit with 0 (status %r)" % status)
    # The same picture from the command line: `show ID --picture` on a 64x48 terminal (one that
    # reports no size is taken as 80x24, too short for the whole picture).
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 48, 64, 0, 0))
        os.execv(binary, [binary, "show", "0007", "--picture"])
    start = len(transcript)
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        transcript += chunk
    drawn = transcript[start:].decode("utf-8", "replace")
    if "Quillfeather" not in drawn or drawn.count("\u2580") < 64 * 10:
        fail("show --picture drew no picture")
    _, status = os.waitpid(pid, 0)
    if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
        fail("show --picture did not exit with 0 (status %r)" % status)
    sys.stdout.write(transcript.decode("utf-8", "replace").replace("\x1b", "⎋"))
    sys.stdout.write("\nSESSION OK\n")


if __name__ == "__main__":
    main()
