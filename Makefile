# The entry point for people: `make demo`, `make test`. CMake does the building; this file only
# strings the steps together and first makes sure the Debian packages they need are installed
# (scripts/deps.sh: installs them as root, prints the apt-get line otherwise).
#
#   make test       configure build/, build everything, run the whole ctest suite
#   make demo       build the tix tool and run it on the specification pages' examples
#   make coverage   build-coverage/: Debug + TIX_COVERAGE, ctest, gcovr line coverage of src/
#                   (fails below COVERAGE_MIN percent)
#   make install    install into PREFIX (default /usr/local); DESTDIR is honoured
#   make sanitize   build-asan/: ASan + UBSan (-fno-sanitize-recover=all), the whole ctest suite
#   make tsan       build-tsan/: ThreadSanitizer, the threaded tests
#   make valgrind   build-valgrind/: the test programs under valgrind memcheck
#   make fuzz-smoke build-fuzz/ (clang): every fuzz target for FUZZ_SECONDS (default 30) each
#   make fuzz       the same, FUZZ_LONG_SECONDS (default 600) each
#   make fuzz-corpus  rewrite the seed corpus fuzz/corpus/ from fuzz/make_corpus.c
#   make clean      remove build/, build-coverage/ and the build trees above
#   (docs/TESTING.md: what each tier guarantees, and how long it takes)

BUILD_DIR ?= build
COVERAGE_DIR ?= build-coverage
ASAN_DIR ?= build-asan
TSAN_DIR ?= build-tsan
VALGRIND_DIR ?= build-valgrind
FUZZ_DIR ?= build-fuzz
FUZZ_SECONDS ?= 30
FUZZ_LONG_SECONDS ?= 600
FUZZ_JOBS ?= 2
# libFuzzer's seed (0: a new one each run); CI fixes one so that its runs can be replayed
FUZZ_SEED ?= 0
# differential cases per operation under valgrind (the default 3000 takes far too long there)
VALGRIND_DIFF_CASES ?= 200
# The sanitizer builds use clang: its UBSan also reports pointer arithmetic on NULL, which gcc's
# does not. SANITIZE_CC=gcc works too.
SANITIZE_CC ?= clang
PREFIX ?= /usr/local
COVERAGE_MIN ?= 90
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
# Extra -D options for the configure steps, e.g. CMAKE_ARGS=-DTIX_BUILD_CLI=OFF
CMAKE_ARGS ?=

CMAKE ?= cmake
CTEST ?= ctest
GCOVR ?= gcovr
DEPS := sh scripts/deps.sh

.PHONY: all build test demo coverage install clean deps help sanitize tsan valgrind fuzz-build \
	fuzz-smoke fuzz fuzz-corpus

all: build

help:
	@sed -n '5,18p' Makefile

build:
	@$(DEPS) build
	$(CMAKE) -S . -B $(BUILD_DIR) $(CMAKE_ARGS)
	$(CMAKE) --build $(BUILD_DIR) -j$(JOBS)

test:
	@$(DEPS) test
	$(CMAKE) -S . -B $(BUILD_DIR) $(CMAKE_ARGS)
	$(CMAKE) --build $(BUILD_DIR) -j$(JOBS)
	cd $(BUILD_DIR) && $(CTEST) --output-on-failure -j$(JOBS)

demo:
	@$(DEPS) build
	$(CMAKE) -S . -B $(BUILD_DIR) $(CMAKE_ARGS)
	$(CMAKE) --build $(BUILD_DIR) --target tix_cli -j$(JOBS)
	bash examples/demo.sh ./$(BUILD_DIR)/tools/tix/tix

# Counters from an earlier run are removed first, so the report covers this run only.
# gcovr exits with 2 when line coverage is below --fail-under-line.
coverage:
	@$(DEPS) coverage
	$(CMAKE) -S . -B $(COVERAGE_DIR) -DCMAKE_BUILD_TYPE=Debug -DTIX_COVERAGE=ON $(CMAKE_ARGS)
	$(CMAKE) --build $(COVERAGE_DIR) -j$(JOBS)
	find $(COVERAGE_DIR) -name '*.gcda' -delete
	cd $(COVERAGE_DIR) && $(CTEST) --output-on-failure -j$(JOBS)
	@rm -f $(COVERAGE_DIR)/coverage.txt
	@status=0; \
	set -x; $(GCOVR) --root . --object-directory $(COVERAGE_DIR) --filter '$(CURDIR)/src/' \
	    --print-summary --txt $(COVERAGE_DIR)/coverage.txt \
	    --html-details $(COVERAGE_DIR)/coverage.html \
	    --fail-under-line $(COVERAGE_MIN) $(COVERAGE_DIR) || status=$$?; set +x; \
	if [ -f $(COVERAGE_DIR)/coverage.txt ]; then cat $(COVERAGE_DIR)/coverage.txt; fi; \
	if [ $$status = 2 ]; then \
	    echo "coverage: line coverage of src/ is below $(COVERAGE_MIN)%"; exit 1; \
	elif [ $$status != 0 ]; then \
	    echo "coverage: gcovr failed (exit status $$status)"; exit 1; \
	fi; \
	echo "coverage: report in $(COVERAGE_DIR)/coverage.txt and $(COVERAGE_DIR)/coverage.html"

install:
	@$(DEPS) build
	$(CMAKE) -S . -B $(BUILD_DIR) -DCMAKE_INSTALL_PREFIX=$(PREFIX) $(CMAKE_ARGS)
	$(CMAKE) --build $(BUILD_DIR) -j$(JOBS)
	DESTDIR="$(DESTDIR)" $(CMAKE) --install $(BUILD_DIR) --prefix $(PREFIX)

# The sanitizer and valgrind trees build with RelWithDebInfo: optimised like the release, with
# line numbers in the reports.
SANITIZER_CMAKE := -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTIX_INSTALL=OFF $(CMAKE_ARGS)

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer; any report fails it.
# (TIX_INSTALL=OFF: the install tests build programs of their own, without the sanitizers.)
sanitize:
	@$(DEPS) sanitize
	$(CMAKE) -S . -B $(ASAN_DIR) -DCMAKE_C_COMPILER=$(SANITIZE_CC) -DTIX_SANITIZE="address;undefined" \
	    $(SANITIZER_CMAKE)
	$(CMAKE) --build $(ASAN_DIR) -j$(JOBS)
	cd $(ASAN_DIR) && \
	    ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1 \
	    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	    $(CTEST) --output-on-failure -j$(JOBS)

# The threaded tests under ThreadSanitizer.
TSAN_TESTS := test_threadpool unit_executor hostile_concurrency
TSAN_REGEX := ^(test_threadpool|unit_executor|hostile_concurrency)$$
tsan:
	@$(DEPS) sanitize
	$(CMAKE) -S . -B $(TSAN_DIR) -DCMAKE_C_COMPILER=$(SANITIZE_CC) -DTIX_SANITIZE=thread \
	    -DTIX_BUILD_CLI=OFF -DTIX_BUILD_EXAMPLES=OFF $(SANITIZER_CMAKE)
	$(CMAKE) --build $(TSAN_DIR) -j$(JOBS) --target $(TSAN_TESTS)
	cd $(TSAN_DIR) && TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
	    $(CTEST) --output-on-failure -j$(JOBS) -R '$(TSAN_REGEX)'

# Every test program under valgrind memcheck (tests that run cmake or a shell script, not a test
# program, are left out); a memcheck error fails the test.
VALGRIND_EXCLUDE := ^(install_.*|header_standalone|test_cli|example_readme|prefetches_compiled)$$
valgrind:
	@$(DEPS) valgrind
	$(CMAKE) -S . -B $(VALGRIND_DIR) $(SANITIZER_CMAKE)
	$(CMAKE) --build $(VALGRIND_DIR) -j$(JOBS)
	cd $(VALGRIND_DIR) && TIX_DIFF_CASES=$(VALGRIND_DIFF_CASES) $(CTEST) -T memcheck -j$(JOBS) \
	    --output-on-failure -E '$(VALGRIND_EXCLUDE)' \
	    --overwrite MemoryCheckCommand=$$(command -v valgrind) \
	    --overwrite "MemoryCheckCommandOptions=--error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite --show-possibly-lost=no --track-origins=yes --num-callers=30"

# libFuzzer builds need clang; everything is built with ASan + UBSan and coverage instrumentation.
fuzz-build:
	@$(DEPS) fuzz
	$(CMAKE) -S . -B $(FUZZ_DIR) -DCMAKE_C_COMPILER=clang -DTIX_BUILD_FUZZ=ON \
	    -DTIX_SANITIZE="address;undefined" -DTIX_BUILD_TESTS=OFF -DTIX_BUILD_EXAMPLES=OFF \
	    $(SANITIZER_CMAKE)
	$(CMAKE) --build $(FUZZ_DIR) -j$(JOBS)

fuzz-smoke: fuzz-build
	FUZZ_JOBS=$(FUZZ_JOBS) FUZZ_SEED=$(FUZZ_SEED) sh fuzz/fuzz.sh $(FUZZ_DIR) $(FUZZ_SECONDS)

fuzz: fuzz-build
	FUZZ_JOBS=$(FUZZ_JOBS) FUZZ_SEED=$(FUZZ_SEED) sh fuzz/fuzz.sh $(FUZZ_DIR) $(FUZZ_LONG_SECONDS)

fuzz-corpus: build
	rm -rf fuzz/corpus
	./$(BUILD_DIR)/fuzz/tix_fuzz_make_corpus fuzz/corpus

clean:
	rm -rf $(BUILD_DIR) $(COVERAGE_DIR) $(ASAN_DIR) $(TSAN_DIR) $(VALGRIND_DIR) $(FUZZ_DIR)
