#!/usr/bin/env python3
"""Turn readahead trace lines into per-stream records.

Reads a trace (tracefs "trace" file, trace-cmd report or perf script output)
containing readahead events in the format

  dev=M:m ino=HEX pattern=P req=I+C ra=S+Z-A async=0|1 mmap=0|1 actual=N

and groups them by stream (device and inode). As a command it prints one
summary line per stream, or with --records one line per event:
  ra_trace.py [--records] [--json] TRACE
As a module, parse(lines) yields Event records and streams(events) groups them.
"""
import argparse
import json
import re
import sys
from collections import OrderedDict, namedtuple

Event = namedtuple('Event', 'time pattern dev ino index req start size '
                   'async_size is_async mmap actual')

TIME = re.compile(r'\s(\d+\.\d+):\s')
LINE = re.compile(
    r'dev=(?P<dev>\d+:\d+) ino=(?P<ino>[0-9a-f]+) pattern=(?P<pattern>\w+) '
    r'req=(?P<index>\d+)\+(?P<req>\d+) '
    r'ra=(?P<start>\d+)\+(?P<size>\d+)-(?P<async_size>\d+) '
    r'async=(?P<is_async>[01]) mmap=(?P<mmap>[01]) actual=(?P<actual>\d+)')


def parse(lines):
    """Yield an Event for every readahead line; other lines are skipped."""
    for line in lines:
        m = LINE.search(line)
        if not m:
            continue
        d = m.groupdict()
        t = TIME.search(line[:m.start()])
        yield Event(time=float(t.group(1)) if t else None,
                    pattern=d['pattern'], dev=d['dev'], ino=int(d['ino'], 16),
                    **{k: int(d[k]) for k in ('index', 'req', 'start', 'size',
                                              'async_size', 'is_async', 'mmap',
                                              'actual')})


def streams(events):
    """OrderedDict (dev, ino) -> list of that stream's events, in order."""
    out = OrderedDict()
    for e in events:
        out.setdefault((e.dev, e.ino), []).append(e)
    return out


def summary(evs):
    patterns = OrderedDict()
    for e in evs:
        patterns[e.pattern] = patterns.get(e.pattern, 0) + 1
    return {'events': len(evs), 'pages_read': sum(e.actual for e in evs),
            'max_window': max(e.size for e in evs),
            'patterns': dict(patterns)}


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('trace', help='trace file, or - for stdin')
    ap.add_argument('--records', action='store_true', help='one line per event')
    ap.add_argument('--json', action='store_true')
    args = ap.parse_args()
    f = sys.stdin if args.trace == '-' else open(args.trace, errors='replace')
    by_stream = streams(parse(f))
    if args.json:
        out = {f'{dev}/{ino}': ([e._asdict() for e in evs] if args.records
                                else summary(evs))
               for (dev, ino), evs in by_stream.items()}
        json.dump(out, sys.stdout, indent=1)
        print()
        return 0
    for (dev, ino), evs in by_stream.items():
        if args.records:
            for e in evs:
                print(f'{dev} {ino} {e.time if e.time is not None else "-"} {e.pattern} '
                      f'req={e.index}+{e.req} ra={e.start}+{e.size}-{e.async_size} '
                      f'async={e.is_async} actual={e.actual}')
        else:
            s = summary(evs)
            pats = ' '.join(f'{k}={v}' for k, v in s['patterns'].items())
            print(f'dev={dev} ino={ino} events={s["events"]} pages_read={s["pages_read"]} '
                  f'max_window={s["max_window"]} {pats}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
