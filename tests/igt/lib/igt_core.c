// SPDX-License-Identifier: MIT
/*
 * Minimal IGT-compatible test harness: see igt_core.h for the contract.
 *
 * Control flow follows IGT: every subtest and fixture body is entered from
 * a sigsetjmp() in the loop condition of its macro, and every way out of a
 * body (end of body, assertion failure, skip) prints the result and
 * siglongjmp()s back there with value 1, which ends the loop. So a body
 * never runs twice and a failed assertion never continues the body.
 */
#include <fnmatch.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "igt_core.h"

sigjmp_buf igt_jmp;

enum run_mode { MODE_RUN, MODE_LIST, MODE_DESCRIBE };

static enum run_mode mode = MODE_RUN;
static const char *subtest_filter;	/* --run-subtest NAME or NULL */
static const char *describe_filter;	/* --describe=NAME or NULL */
static bool debug_enabled;

static char *pending_description;	/* set by igt_describe() */
static char current_subtest[128];	/* "" outside a subtest */
static bool in_fixture;
static bool in_child;			/* inside igt_fork_child() */
static struct timespec subtest_start;

static int n_success, n_skip, n_fail;
static char *fixture_skip_reason;	/* a fixture skipped: skip the rest */
static bool fixture_failed;		/* a fixture failed: fail the rest */

#define MAX_CLEANUPS 32
static struct {
	igt_exit_handler_t fn;
	void *data;
} cleanups[MAX_CLEANUPS];
static int n_cleanups;

static void vlog(FILE *f, const char *prefix, const char *fmt, va_list ap)
{
	fputs(prefix, f);
	vfprintf(f, fmt, ap);
	if (fmt[0] && fmt[strlen(fmt) - 1] != '\n')
		fputc('\n', f);
	fflush(f);
}

void igt_info(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(stdout, "", fmt, ap);
	va_end(ap);
}

void igt_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(stderr, "WARNING: ", fmt, ap);
	va_end(ap);
}

void igt_debug(const char *fmt, ...)
{
	va_list ap;

	if (!debug_enabled)
		return;
	va_start(ap, fmt);
	vlog(stdout, "(debug) ", fmt, ap);
	va_end(ap);
}

void igt_push_cleanup(igt_exit_handler_t fn, void *data)
{
	if (n_cleanups == MAX_CLEANUPS) {
		fprintf(stderr, "igt_core: too many cleanup handlers (max %d); raise MAX_CLEANUPS\n",
			MAX_CLEANUPS);
		abort();
	}
	cleanups[n_cleanups].fn = fn;
	cleanups[n_cleanups].data = data;
	n_cleanups++;
}

void igt_run_cleanups(void)
{
	while (n_cleanups > 0) {
		n_cleanups--;
		cleanups[n_cleanups].fn(cleanups[n_cleanups].data);
	}
}

static void cleanup_at_exit(void)
{
	if (!in_child)
		igt_run_cleanups();
}

static void cleanup_on_signal(int sig)
{
	/* Restore sysctls and device knobs even when run-tests times us out. */
	igt_run_cleanups();
	signal(sig, SIG_DFL);
	raise(sig);
}

static double elapsed_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (now.tv_sec - start->tv_sec) +
	       (now.tv_nsec - start->tv_nsec) / 1e9;
}

static void usage(const char *argv0)
{
	printf("Usage: %s [--list-subtests] [--run-subtest NAME] [--describe[=NAME]] [--debug]\n",
	       argv0);
}

void igt_init(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "list-subtests", no_argument, NULL, 'l' },
		{ "run-subtest", required_argument, NULL, 'r' },
		{ "describe", optional_argument, NULL, 'd' },
		{ "debug", no_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'l':
			mode = MODE_LIST;
			break;
		case 'r':
			subtest_filter = optarg;
			break;
		case 'd':
			mode = MODE_DESCRIBE;
			describe_filter = optarg;
			break;
		case 'D':
			debug_enabled = true;
			break;
		case 'h':
			usage(argv[0]);
			exit(IGT_EXIT_SUCCESS);
		default:
			usage(argv[0]);
			exit(IGT_EXIT_FAILURE);
		}
	}
	if (optind < argc) {
		fprintf(stderr, "%s: unexpected argument '%s'\n", argv[0], argv[optind]);
		usage(argv[0]);
		exit(IGT_EXIT_FAILURE);
	}

	atexit(cleanup_at_exit);
	signal(SIGTERM, cleanup_on_signal);
	signal(SIGINT, cleanup_on_signal);
	signal(SIGALRM, cleanup_on_signal);
}

bool igt_only_listing(void)
{
	return mode != MODE_RUN;
}

const char *igt_subtest_name(void)
{
	return current_subtest;
}

void igt_describe_f(const char *fmt, ...)
{
	va_list ap;

	free(pending_description);
	va_start(ap, fmt);
	if (vasprintf(&pending_description, fmt, ap) < 0)
		pending_description = NULL;
	va_end(ap);
}

/*
 * @filter is IGT's subtest selection: a comma-separated list of fnmatch()
 * globs, any of which may match @name.
 */
static bool name_selected(const char *filter, const char *name)
{
	char glob[256];
	const char *p, *end;
	size_t len;

	if (!filter)
		return true;
	for (p = filter; *p; p = *end ? end + 1 : end) {
		end = strchrnul(p, ',');
		len = (size_t)(end - p);
		if (!len || len >= sizeof(glob))
			continue;
		memcpy(glob, p, len);
		glob[len] = '\0';
		if (fnmatch(glob, name, 0) == 0)
			return true;
	}
	return false;
}

bool __igt_run_subtest(const char *name)
{
	char *desc = pending_description;

	pending_description = NULL;

	if (mode == MODE_LIST) {
		printf("%s\n", name);
		free(desc);
		return false;
	}
	if (mode == MODE_DESCRIBE) {
		if (name_selected(describe_filter, name))
			printf("SUB %s:\n  %s\n\n", name, desc ? desc : "NO DOCUMENTATION!");
		free(desc);
		return false;
	}
	free(desc);
	if (!name_selected(subtest_filter, name))
		return false;

	snprintf(current_subtest, sizeof(current_subtest), "%s", name);
	printf("Starting subtest: %s\n", name);
	fflush(stdout);
	clock_gettime(CLOCK_MONOTONIC, &subtest_start);

	if (fixture_failed) {
		printf("Subtest %s: FAIL (0.000s)\n", name);
		n_fail++;
		current_subtest[0] = '\0';
		return false;
	}
	if (fixture_skip_reason) {
		printf("Test requirement not met in fixture: %s", fixture_skip_reason);
		printf("Subtest %s: SKIP (0.000s)\n", name);
		n_skip++;
		current_subtest[0] = '\0';
		return false;
	}
	return true;
}

static void __attribute__((noreturn)) leave_subtest(const char *result)
{
	igt_run_cleanups();
	printf("Subtest %s: %s (%.3fs)\n", current_subtest, result,
	       elapsed_since(&subtest_start));
	fflush(stdout);
	current_subtest[0] = '\0';
	siglongjmp(igt_jmp, 1);
}

void __igt_subtest_end(void)
{
	n_success++;
	leave_subtest("SUCCESS");
}

bool __igt_fixture_begin(void)
{
	if (mode != MODE_RUN)
		return false;
	if (fixture_failed || fixture_skip_reason)
		return false;
	in_fixture = true;
	return true;
}

void __igt_fixture_end(void)
{
	in_fixture = false;
	siglongjmp(igt_jmp, 1);
}

void igt_fail(int code)
{
	if (in_child) {
		fflush(stdout);
		fflush(stderr);
		_exit(code);
	}
	if (in_fixture) {
		in_fixture = false;
		fixture_failed = true;
		n_fail++;
		siglongjmp(igt_jmp, 1);
	}
	if (current_subtest[0]) {
		n_fail++;
		if (getenv("IGT_EXIT_AFTER_FAILURE")) {
			/*
			 * run-tests: state a failed subtest left behind (an
			 * open stream, a changed knob) must not fail the next
			 * ones; it runs them in a new process.
			 */
			igt_run_cleanups();
			printf("Subtest %s: FAIL (%.3fs)\n", current_subtest,
			       elapsed_since(&subtest_start));
			fflush(stdout);
			exit(IGT_EXIT_FAILURE);
		}
		leave_subtest("FAIL");
	}
	/* Failure outside any subtest or fixture: give up. */
	igt_run_cleanups();
	exit(code);
}

void __igt_fail_assert(const char *file, int line, const char *func,
		       const char *cond, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "(%s:%d) %s: Test assertion failure function %s, file %s:%d:\n",
		program_invocation_short_name, getpid(), current_subtest[0] ?
		current_subtest : "<no subtest>", func, file, line);
	fprintf(stderr, "Failed assertion: %s\n", cond);
	if (fmt && fmt[0]) {
		va_start(ap, fmt);
		vfprintf(stderr, fmt, ap);
		va_end(ap);
		if (fmt[strlen(fmt) - 1] != '\n')
			fputc('\n', stderr);
	}
	fflush(stderr);
	igt_fail(IGT_EXIT_FAILURE);
}

void igt_skip(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(stdout, "", fmt, ap);
	va_end(ap);

	if (in_child) {
		fflush(stdout);
		_exit(IGT_EXIT_SKIP);
	}
	if (in_fixture) {
		va_start(ap, fmt);
		if (vasprintf(&fixture_skip_reason, fmt, ap) < 0)
			fixture_skip_reason = strdup("fixture requirement not met\n");
		va_end(ap);
		in_fixture = false;
		siglongjmp(igt_jmp, 1);
	}
	if (current_subtest[0]) {
		n_skip++;
		leave_subtest("SKIP");
	}
	igt_run_cleanups();
	exit(IGT_EXIT_SKIP);
}

int igt_fork_child(void (*fn)(void *data), void *data)
{
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	igt_assert_f(pid >= 0, "fork failed: %s", strerror(errno));
	if (pid == 0) {
		in_child = true;
		n_cleanups = 0;	/* the parent owns the cleanups */
		fn(data);
		fflush(stdout);
		fflush(stderr);
		_exit(IGT_EXIT_SUCCESS);
	}
	while (waitpid(pid, &status, 0) < 0)
		igt_assert_f(errno == EINTR, "waitpid failed: %s", strerror(errno));
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	igt_warn("child %d died from signal %d", pid, WTERMSIG(status));
	return IGT_EXIT_FAILURE;
}

int igt_exit(void)
{
	igt_run_cleanups();
	if (mode != MODE_RUN)
		return IGT_EXIT_SUCCESS;
	if (subtest_filter && !n_success && !n_skip && !n_fail) {
		fprintf(stderr, "Unknown subtest: %s\n", subtest_filter);
		return IGT_EXIT_FAILURE;
	}
	if (n_fail)
		return IGT_EXIT_FAILURE;
	if (n_success)
		return IGT_EXIT_SUCCESS;
	return IGT_EXIT_SKIP;
}
