// SPDX-License-Identifier: MIT
/*
 * oa-read-bench: benchmarks P5 and overflow of scripts/bench-read (run in
 * the guest; it is not a test and never fails on its figures).
 *
 * P5: a stream (exponent E, default the smallest whose period is at
 * least 21 us: 7 on Gen9, ~47k reports/s, 9 on Gen12.5, 37.5k, so the
 * virtual device and the drain take little of the CPU meanwhile) fills a
 * ring of four times MB (default 32) megabytes, rounded up to a power of
 * two, with MB megabytes of records while nobody reads; then the time to
 * hand those bytes to the reader is measured three ways, each in pieces
 * of up to KB (default 1024) kilobytes into one buffer: read() (whole
 * records, as many as fit), copying bytes between data_tail and
 * data_head out of the mmap()ed ring (mapped with MAP_POPULATE, as a
 * long-lived reader's mapping is faulted in once: the reader gets the
 * same bytes in its own memory, with no system call), and plain memcpy()
 * of as many bytes between two user buffers (the floor both are compared
 * with). MB/s = bytes / wall time of the loop. Under TCG one pass takes
 * tens of ms and the host's scheduling moves it by half: each is done in
 * 5 rounds, each round on a new stream, interleaved, and the best of
 * each is printed.
 *
 * Overflow: a reader stalls STALL ms with the default 16 MiB ring and
 * LOST_RECORDS; then everything is read: the reports before the lost
 * record (the ring's capacity), its count, and the due reports missing.
 *
 * usage: oa-read-bench [--exponent E] [--mb MB] [--chunk KB] [--stall MS]
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "oa_test.h"

static struct oa_dev dev;

static double mbps(uint64_t bytes, uint64_t ns)
{
	return ns ? bytes * 1e3 / ns : 0;
}

static const struct oa_format *fmt256(void)
{
	return oa_platform_format(dev.plat, I915_OA_FORMAT_A32u40_A4u32_B8_C8);
}

static uint64_t unread(const struct intel_oa_mmap_page *ctl)
{
	return __atomic_load_n(&ctl->data_head, __ATOMIC_ACQUIRE) - ctl->data_tail;
}

/* Poll until the ring holds @bytes (the drain runs meanwhile). */
static void fill(int fd, const struct intel_oa_mmap_page *ctl, uint64_t bytes)
{
	uint64_t deadline = oa_now_ns() + 60000000000ull;

	while (unread(ctl) < bytes && oa_now_ns() < deadline) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };

		poll(&pfd, 1, 100);
		oa_sleep_ms(50);
	}
	igt_assert_f(unread(ctl) >= bytes, "the ring never held %" PRIu64 " bytes", bytes);
}

/* Rounds of P5, each on a fresh stream; the best of each is printed. */
#define P5_ROUNDS 5

/* ns to read() @want bytes in pieces of @chunk */
static uint64_t time_read(int fd, uint8_t *buf, uint64_t want, uint64_t chunk)
{
	uint64_t got, t0 = oa_now_ns();

	for (got = 0; got < want;) {
		ssize_t r = read(fd, buf, chunk);

		igt_assert_f(r > 0, "read: %s", r < 0 ? strerror(errno) : "0");
		got += r;
	}
	return oa_now_ns() - t0;
}

/* ns to copy @want bytes out of the mapped ring in pieces of @chunk */
static uint64_t time_mmap(struct intel_oa_mmap_page *ctl, const uint8_t *data,
			  uint8_t *buf, uint64_t want, uint64_t chunk)
{
	uint64_t size = ctl->data_size, got, t0 = oa_now_ns();

	for (got = 0; got < want;) {
		uint64_t tail = ctl->data_tail;
		uint64_t take = __atomic_load_n(&ctl->data_head, __ATOMIC_ACQUIRE) - tail;

		/*
		 * Bytes, as much as the reader's buffer takes: a record cut at
		 * the buffer's end is whole in the next copy (data_head only
		 * ever covers whole records).
		 */
		if (take > chunk)
			take = chunk;
		memcpy(buf, data + (tail & (size - 1)), take);
		__atomic_store_n(&ctl->data_tail, tail + take, __ATOMIC_RELEASE);
		got += take;
	}
	return oa_now_ns() - t0;
}

static uint64_t time_memcpy(uint8_t *buf, const uint8_t *src, uint64_t want,
			    uint64_t chunk)
{
	uint64_t got, t0 = oa_now_ns();

	for (got = 0; got < want; got += chunk)
		memcpy(buf, src + got, chunk);
	return oa_now_ns() - t0;
}

static uint64_t min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

static void bench_p5(unsigned int e, uint64_t mb, uint64_t chunk)
{
	const uint64_t want = mb << 20;
	uint8_t *buf = malloc(chunk), *src = malloc(want);
	uint8_t *src4k = mmap(NULL, want, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
			      -1, 0);
	uint64_t read_ns = UINT64_MAX, mmap_ns = UINT64_MAX;
	uint64_t memcpy_ns = UINT64_MAX, memcpy4k_ns = UINT64_MAX;
	uint64_t ring = 4096;
	unsigned int round;

	igt_assert(buf && src && src4k != MAP_FAILED);
	/* The ring is order-0 pages: compare with memory mapped alike too. */
	madvise(src4k, want, MADV_NOHUGEPAGE);
	memset(src, 0x5a, want);
	memset(src4k, 0x5a, want);
	/* The reader's buffer is faulted in before anything is timed. */
	memset(buf, 0, chunk);
	/* room for what is read and what lands meanwhile: no drop */
	while (ring < 4 * want)
		ring <<= 1;
	for (round = 0; round < P5_ROUNDS; round++) {
		struct intel_oa_mmap_page *ctl;
		const uint8_t *data;
		struct oa_open o;
		int fd;

		oa_open_periodic(&dev, &o, fmt256(), e);
		oa_prop(&o, INTEL_OA_PERF_PROP_RING_SIZE, ring);
		o.flags |= I915_PERF_FLAG_FD_NONBLOCK;
		fd = oa_open(dev.drm_fd, &o);
		ctl = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		igt_assert(ctl != MAP_FAILED);
		/* A long-lived reader's mapping is faulted in once: do it now. */
		data = mmap(NULL, 2 * ctl->data_size, PROT_READ,
			    MAP_SHARED | MAP_POPULATE, fd, ctl->data_offset);
		igt_assert(data != MAP_FAILED);

		fill(fd, ctl, want);
		read_ns = min_u64(read_ns, time_read(fd, buf, want, chunk));
		fill(fd, ctl, want);
		mmap_ns = min_u64(mmap_ns, time_mmap(ctl, data, buf, want, chunk));
		memcpy_ns = min_u64(memcpy_ns, time_memcpy(buf, src, want, chunk));
		memcpy4k_ns = min_u64(memcpy4k_ns,
				      time_memcpy(buf, src4k, want, chunk));

		munmap((void *)data, 2 * ctl->data_size);
		munmap(ctl, 4096);
		close(fd);
	}
	printf("P5 %s, exponent %u (%.0f Hz), %" PRIu64 " MiB in pieces of up to %" PRIu64 " KiB, best of %d rounds:\n",
	       dev.plat->name, e, 1e9 / oa_exponent_ns(&dev, e), mb, chunk >> 10,
	       P5_ROUNDS);
	printf("  read()        %8.1f MB/s  %5.1f %% of memcpy, %5.1f %% of memcpy from 4 KiB pages\n",
	       mbps(want, read_ns), 100.0 * memcpy_ns / read_ns, 100.0 * memcpy4k_ns / read_ns);
	printf("  mmap + copy   %8.1f MB/s  %5.1f %% of memcpy, %5.1f %% of memcpy from 4 KiB pages\n",
	       mbps(want, mmap_ns), 100.0 * memcpy_ns / mmap_ns, 100.0 * memcpy4k_ns / mmap_ns);
	printf("  memcpy()      %8.1f MB/s (malloc: huge pages where the kernel gives them)\n",
	       mbps(want, memcpy_ns));
	printf("  memcpy() 4K   %8.1f MB/s (MADV_NOHUGEPAGE, like the ring's pages)\n",
	       mbps(want, memcpy4k_ns));
	free(buf);
	free(src);
	munmap(src4k, want);
}

static void bench_overflow(unsigned int e, unsigned int stall_ms)
{
	const struct oa_format *f = fmt256();
	const size_t rec = OA_RECORD_HEADER_BYTES + f->size;
	uint64_t missing = 0, restarts = 0;
	struct oa_capture c;
	struct oa_open o;
	size_t i, gap = 0;
	int fd;

	oa_open_periodic(&dev, &o, f, e);
	oa_prop(&o, INTEL_OA_PERF_PROP_LOST_RECORDS, 1);
	o.flags |= I915_PERF_FLAG_FD_NONBLOCK;
	fd = oa_open(dev.drm_fd, &o);
	oa_sleep_ms(stall_ms);
	oa_capture_init(&c, f, &o);
	/* Up to the lost record, then a bounded while after it. */
	while (oa_capture_drain(fd, &c) && c.n_lost == 0)
		;
	while (c.n < c.first_lost_at + 10000)
		if (!oa_capture_drain(fd, &c))
			oa_sleep_ms(10);
	oa_stats_get(&dev, "buffer_lost", &restarts);
	close(fd);
	for (i = 1; i < c.n; i++) {
		uint64_t n = oa_reports_between(dev.plat, oa_capture_ts(&c, i - 1),
						oa_capture_ts(&c, i), e) - 1;

		if (n) {
			missing += n;
			gap = i;
		}
	}
	printf("overflow %s, exponent %u (%.0f Hz), reader stalled %u ms, 16 MiB ring (%zu records):\n",
	       dev.plat->name, e, 1e9 / oa_exponent_ns(&dev, e), stall_ms, (size_t)(16u << 20) / rec);
	printf("  %zu reports before the gap (from the first on), %zu lost record(s) counting %" PRIu64 ", %" PRIu64 " due reports missing there, %zu reports after, BUFFER_LOST %zu, unit restarts %" PRIu64 "\n",
	       gap, c.n_lost, c.lost_count, missing, c.n - gap, c.n_buffer_lost, restarts);
	oa_capture_fini(&c);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "exponent", required_argument, NULL, 'e' },
		{ "mb", required_argument, NULL, 'm' },
		{ "stall", required_argument, NULL, 's' },
		{ "chunk", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 },
	};
	unsigned int e = ~0u, stall = 2000;
	uint64_t mb = 32, chunk_kb = 1024;
	int c;

	while ((c = getopt_long(argc, argv, "e:m:s:c:", opts, NULL)) != -1) {
		switch (c) {
		case 'e': e = strtoul(optarg, NULL, 0); break;
		case 'm': mb = strtoull(optarg, NULL, 0); break;
		case 's': stall = strtoul(optarg, NULL, 0); break;
		case 'c': chunk_kb = strtoull(optarg, NULL, 0); break;
		default:
			fprintf(stderr,
				"usage: oa-read-bench [--exponent E] [--mb MB] [--chunk KB] [--stall MS]\n");
			return 2;
		}
	}
	oa_dev_open(&dev);
	if (e == ~0u)
		for (e = 0; e < 31 && oa_exponent_ns(&dev, e) < 21000; e++)
			;
	if (!chunk_kb || chunk_kb > mb << 10)
		chunk_kb = mb << 10;
	bench_p5(e, mb, chunk_kb << 10);
	bench_overflow(e, stall);
	oa_dev_close(&dev);
	return 0;
}
