# Thin entry points; each target runs one script. See README.md.
.PHONY: help deps image system-boot fstests ltp apps test debug debug-quick debug-kcsan kcsan-compare kselftests report bench bench-full bench-thrash bench-per-patch bench-probe bench-regressions bench-matrix bench-ioopt kernels stock patched tree export lint bisect kunit-modules clean

help:
	@sed -n 's/^## //p' Makefile

## make test      the test suite: checkpatch, KUnit and guest tests; ends "N passed, M failed"
test:
	tests/run.sh

## make debug     the debug kernel (KASAN, lockdep, ...): test suite, integrity, thrash stress; fails on any report
debug:
	scripts/debug-pass.sh
## make debug-quick  the test suite alone on the debug kernel (what CI runs after make test)
debug-quick:
	scripts/debug-pass.sh quick
## make debug-kcsan  make debug on a KCSAN kernel (data races; fails on a race in code the series changes)
debug-kcsan:
	scripts/debug-pass.sh kcsan
## make kcsan-compare  data races under load (integrity test, thrash stress), stock vs patched KCSAN kernels
kcsan-compare:
	scripts/kcsan-compare.sh

## make image     the real system (system/): a Debian 12 root from Debian's packages (mmdebstrap), fstests and LTP from ../shared/vendor, stock and patched kernels as Debian packages (make bindeb-pkg) installed by dpkg, one disk each (cached; ~20 min cold)
image: deps
	system/rootfs.sh stock
	system/rootfs.sh patched
## make system-boot  boot stock@128, stock@512 and patched to multi-user.target 3 times each, taking turns: time, disk reads, footprint (system/boot-time.sh)
system-boot: image
	system/boot-time.sh
## make fstests   fstests on ext4 and XFS, stock vs patched, one boot each (system/fstests.sh; FSTESTS="generic/209 ..." or quick, FSTESTS_PART=K/N, FSTESTS_FS=ext4)
# (a comma in $(or ...) splits its arguments: defaults with ?= instead)
FSTESTS_FS ?= ext4,xfs
fstests: image
	system/fstests.sh $(FSTESTS_FS) "$(FSTESTS)"
## make apps      PostgreSQL, SQLite, git, dpkg, tar: stock@128/stock@512/patched on the hdd and ssd models (system/apps.sh; APPS_MODELS=hdd)
APPS_MODELS ?= hdd,ssd
apps: image
	system/apps.sh $(APPS_MODELS)
## make ltp       LTP's tests of the page cache paths (syscalls, file mmap stress, direct I/O racing buffered reads), stock vs patched (system/ltp.sh; LTP_RUNTESTS="syscalls mm ltp-aiodio.part4")
ltp: image
	system/ltp.sh

## make kselftests the kernel's mincore/cachestat selftests and the bad-input test on stock and patched (scripts/stock-and-patched.sh)
kselftests:
	scripts/stock-and-patched.sh

## make report    the main job: stock vs patched kernels in QEMU, printed report
report:
	scripts/report.sh

## make bench     every benchmark, stock vs patched -> docs/results.md (bench/all.sh quick; over an hour, the matrix most of it)
bench:
	bench/all.sh quick
## make bench-full the same, full size (bench/all.sh full; many hours)
bench-full:
	bench/all.sh full
## make bench-thrash  thrash stress (mem= and memcg), stock vs patched in one run (bench/thrash.sh; ~20 min)
bench-thrash:
	bench/thrash.sh
## make bench-probe   probe pattern and blkid bytes read, stock vs patched (bench/probe.sh; ~2 min)
bench-probe:
	bench/probe.sh
## make bench-regressions  random reads, 1-64 readers on one fd; stock vs patched in 4 alternating rounds (bench/regressions.sh; ~8 min)
bench-regressions:
	bench/regressions.sh

## make bench-per-patch  thrash stress after each patch of the thrashing-safe readahead (0010-0013), each built alone (bench/thrash-per-patch.sh; ~50 min)
bench-per-patch:
	bench/thrash-per-patch.sh

## make bench-matrix  the regression matrix: fio jobs, tools, thrash-once, ext4 and XFS, cold and warm; stock@128/512 vs patched; 1-4 MiB windows on hdd and ssd (bench/matrix.sh)
bench-matrix:
	bench/matrix.sh

## make bench-ioopt  read_ahead_kb and sequential MB/s of disks that report an optimal I/O size (USB bridge, RAID stripe, 32 MiB NVMe), stock vs patched (bench/ioopt.sh; ~5 min)
bench-ioopt:
	bench/ioopt.sh

## make deps      install the Debian packages everything needs
deps:
	scripts/deps.sh

## make kernels   build the stock and the patched kernel side by side (build/{stock,patched})
kernels: stock patched
stock patched: deps
	scripts/kernel.sh $@

## make tree      make build/dev/src, a git tree with the series as commits (FORCE=1 to redo)
tree: deps
	@if [ -d build/dev/src ] && [ -z "$(FORCE)" ]; then \
	  echo "build/dev/src exists; 'make export' your work first, then 'make tree FORCE=1'"; exit 1; fi
	scripts/tree.sh build/dev/src patched

## make export    write the commits of build/dev/src back into patches/
export:
	scripts/export-series.sh build/dev/src

## make lint      checkpatch --strict every patch in patches/series; check the docs of build/dev/src if there is one
lint:
	@src=$$(for d in build/dev/src build/patched/src build/stock/src; do \
	  [ -f $$d/scripts/checkpatch.pl ] && echo $$d && break; done); \
	[ -n "$$src" ] || { echo "no kernel tree yet: run make tree or make kernels"; exit 1; }; \
	scripts/checkpatch.sh $$src; rc=$$?; \
	if [ -d build/dev/src/.git ]; then scripts/docs-check.sh build/dev/src || rc=1; fi; exit $$rc

## make kunit-modules  build the series' KUnit suites as modules, load them in the guest (scripts/kunit-modules.sh; ~10 min)
kunit-modules: deps
	scripts/kunit-modules.sh

## make bisect    build the kernel after every patch of the series (slow: header changes; FROM=N starts at patch N)
bisect: deps
	scripts/bisect-build.sh

## make clean     remove build/ (kernel trees, objects, runs); ccache stays
clean:
	rm -rf build
