/* SPDX-License-Identifier: MIT */
/*
 * Minimal IGT-compatible test harness for the intel-oa in-guest suite.
 *
 * IGT's own headers are not packaged by Debian, so this file provides the
 * subset of igt_core.h the suite needs, with the same names and the same
 * observable behaviour towards igt_runner and our tests/igt/run-tests:
 *
 *   --list-subtests         print one subtest name per line, run nothing
 *   --run-subtest NAME      run only the subtests matching NAME: fnmatch
 *                           globs, several separated by commas (as IGT)
 *   --describe[=NAME]       print the igt_describe() text of subtests
 *   --debug                 print igt_debug() messages
 *
 * With IGT_EXIT_AFTER_FAILURE set in the environment (run-tests sets it),
 * the process exits after the first failed subtest instead of running the
 * next ones with whatever state the failure left behind.
 *
 * Output lines: "Starting subtest: NAME" and
 * "Subtest NAME: SUCCESS|SKIP|FAIL (N.NNNs)".
 * Exit status: 0 success, 77 every selected subtest skipped, 1 failure.
 */
#ifndef IGT_CORE_H
#define IGT_CORE_H

#include <inttypes.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <errno.h>

#define IGT_EXIT_SUCCESS 0
#define IGT_EXIT_SKIP 77
#define IGT_EXIT_FAILURE 1

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

extern sigjmp_buf igt_jmp;

void igt_init(int argc, char **argv);
int igt_exit(void);

bool __igt_run_subtest(const char *name);
bool __igt_fixture_begin(void);
void __igt_fixture_end(void);
void __igt_subtest_end(void);
void igt_describe_f(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *igt_subtest_name(void);
bool igt_only_listing(void);

void __igt_fail_assert(const char *file, int line, const char *func,
		       const char *cond, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 5, 6)));
void igt_skip(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));
void igt_fail(int code) __attribute__((noreturn));

void igt_info(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void igt_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void igt_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/**
 * igt_exit_handler_t - cleanup run when a subtest ends (pass, skip or
 * fail), when the process exits and on SIGTERM/SIGINT. Handlers run in
 * reverse order of installation and are removed after running once.
 */
typedef void (*igt_exit_handler_t)(void *data);
void igt_push_cleanup(igt_exit_handler_t fn, void *data);
void igt_run_cleanups(void);

/**
 * igt_fork_child - run @fn(@data) in a child process and return its exit
 * status as the subtest result of the child: IGT_EXIT_SUCCESS,
 * IGT_EXIT_SKIP or IGT_EXIT_FAILURE. Assertions inside the child fail the
 * child only; the parent asserts on the returned status.
 */
int igt_fork_child(void (*fn)(void *data), void *data);

#define igt_main \
	static void igt_main_body(void); \
	int main(int argc, char **argv) \
	{ \
		igt_init(argc, argv); \
		igt_main_body(); \
		return igt_exit(); \
	} \
	static void igt_main_body(void)

#define igt_subtest(name) \
	for (; __igt_run_subtest(name) && (sigsetjmp(igt_jmp, 1) == 0); \
	     __igt_subtest_end())

#define igt_subtest_f(...) \
	for (char __igt_name[128]; \
	     snprintf(__igt_name, sizeof(__igt_name), __VA_ARGS__), \
	     __igt_run_subtest(__igt_name) && (sigsetjmp(igt_jmp, 1) == 0); \
	     __igt_subtest_end())

#define igt_fixture \
	for (; __igt_fixture_begin() && (sigsetjmp(igt_jmp, 1) == 0); \
	     __igt_fixture_end())

#define igt_describe(text) igt_describe_f("%s", (text))

#define igt_assert_f(cond, ...) do { \
	if (!(cond)) \
		__igt_fail_assert(__FILE__, __LINE__, __func__, #cond, \
				  __VA_ARGS__); \
} while (0)

#define igt_assert(cond) igt_assert_f(cond, "%s", "")

#define __igt_assert_cmp(T, PRI, a, op, b) do { \
	T __a = (a), __b = (b); \
	if (!(__a op __b)) \
		__igt_fail_assert(__FILE__, __LINE__, __func__, \
				  #a " " #op " " #b, \
				  "error: %" PRI " " #op " %" PRI \
				  " is false (%s=%" PRI ", %s=%" PRI ")", \
				  __a, __b, #a, __a, #b, __b); \
} while (0)

#define igt_assert_eq(a, b)     __igt_assert_cmp(long long, "lld", a, ==, b)
#define igt_assert_neq(a, b)    __igt_assert_cmp(long long, "lld", a, !=, b)
#define igt_assert_lt(a, b)     __igt_assert_cmp(long long, "lld", a, <, b)
#define igt_assert_lte(a, b)    __igt_assert_cmp(long long, "lld", a, <=, b)
#define igt_assert_eq_u32(a, b) __igt_assert_cmp(uint32_t, "#" PRIx32, a, ==, b)
#define igt_assert_eq_u64(a, b) __igt_assert_cmp(uint64_t, "#" PRIx64, a, ==, b)
#define igt_assert_lt_u64(a, b) __igt_assert_cmp(uint64_t, PRIu64, a, <, b)
#define igt_assert_lte_u64(a, b) __igt_assert_cmp(uint64_t, PRIu64, a, <=, b)

/* Assert that an expression returning -1/errno style failed with @err. */
#define igt_assert_errno(expr, err) do { \
	int __r = (expr); \
	int __e = errno; \
	igt_assert_f(__r == -1 && __e == (err), \
		     "expected %s to fail with %s (%d), got ret=%d errno=%s (%d)", \
		     #expr, strerror(err), (err), __r, strerror(__e), __e); \
} while (0)

#define igt_require_f(cond, ...) do { \
	if (!(cond)) \
		igt_skip(__VA_ARGS__); \
} while (0)

#define igt_require(cond) \
	igt_require_f(cond, "Test requirement not met: %s\n", #cond)

#define igt_skip_on(cond) \
	igt_require_f(!(cond), "Test requirement not met: !(%s)\n", #cond)

#endif /* IGT_CORE_H */
