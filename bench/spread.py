"""min/median/max of a benchmark's runs, shared by the bench/*_table.py scripts."""


def lower_median(values):
    """The middle value; the lower of the two middle ones for an even count,
    so that the median is always a run that happened."""
    v = sorted(values)
    return v[(len(v) - 1) // 2]


def min_med_max(values, fmt):
    """'min/median/max', each formatted with fmt (e.g. '%.1f')."""
    return "/".join(fmt % x for x in (min(values), lower_median(values), max(values)))
