// SPDX-License-Identifier: MIT
/*
 * vgpu-ctl: read and write the virtual-GPU control page (BAR2) from the
 * guest shell. Used by run-tests (violation count) and for debugging.
 *
 *   vgpu-ctl [dump]                 print every field
 *   vgpu-ctl get <field>            print one field (decimal)
 *   vgpu-ctl set <field> <value>    write a knob
 *   vgpu-ctl clear-wrap <seconds>   keep the 32-bit report timestamp from
 *                                   wrapping in the next <seconds>
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "activity.h"
#include "oa_test.h"

static const struct {
	const char *name;
	unsigned int off;
	bool writable;
} fields[] = {
	{ "magic", VGPU_MAGIC, false },
	{ "version", VGPU_VERSION, false },
	{ "violations", VGPU_VIOLATIONS, false },
	{ "last-violation", VGPU_LAST_VIOLATION, false },
	{ "seed", VGPU_SEED, false },
	{ "drop-reports", VGPU_DROP_REPORTS, true },
	{ "force-overflow", VGPU_FORCE_OVERFLOW, true },
	{ "stall-tail", VGPU_STALL_TAIL, true },
	{ "reports-written", VGPU_REPORTS_WRITTEN, false },
	{ "reports-dropped", VGPU_REPORTS_DROPPED, false },
	{ "half-full-irqs", VGPU_HALF_FULL_IRQS, false },
	{ "msis-sent", VGPU_MSIS_SENT, false },
	{ "tail-race", VGPU_TAIL_RACE, true },
	{ "ratio", VGPU_RATIO, false },
	{ "guc-hang", VGPU_GUC_HANG, true },
	{ "irq-in-service", VGPU_IRQ_IN_SERVICE, true },
	{ "h2g-answered", VGPU_H2G_ANSWERED, false },
	{ "g2h-presented", VGPU_G2H_PRESENTED, false },
	{ "doorbells-serviced", VGPU_DB_SERVICED, false },
	{ "guc-oa-irqs", VGPU_GUC_OA_IRQS, false },
	{ "g2h-dropped", VGPU_G2H_DROPPED, false },
	/* Control page version 3 (counters.rst): 0 linear, 1 activity. */
	{ "workload", VGPU_WORKLOAD, true },
	/* Control page version 4 (vgpu-contract.rst). */
	{ "ts-advance", VGPU_TS_ADVANCE, true },
	{ "lose-writes", VGPU_LOSE_WRITES, true },
	{ "spurious-irqs", VGPU_SPURIOUS_IRQS, true },
	{ "irq-storm", VGPU_IRQ_STORM, true },
	{ "forcewake-stuck", VGPU_FORCEWAKE_STUCK, true },
	{ "guc-garbage", VGPU_GUC_GARBAGE, true },
	/* Control page version 5. */
	{ "guc-late", VGPU_GUC_LATE, true },
	{ "bad-ggtt-pages", VGPU_BAD_GGTT_PAGES, true },
	{ "surprise-removal", VGPU_SURPRISE_REMOVAL, true },
	{ "dma-errors", VGPU_DMA_ERRORS, false },
	/* Control page version 7. */
	{ "torn-write", VGPU_TORN_WRITE, true },
};

static int field_index(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fields); i++)
		if (!strcmp(fields[i].name, name))
			return (int)i;
	fprintf(stderr, "vgpu-ctl: unknown field '%s'; run 'vgpu-ctl dump' for the list\n", name);
	exit(2);
}

/*
 * A report carries the low 32 bits of the GPU timestamp T. When they
 * would wrap within @secs seconds, jump T (ts-advance, control page
 * version 4, only while no stream is open) to just past the wrap, which
 * leaves a whole wrap period (2^32 ticks: 224 s at 19.2 MHz, 112 s at
 * 38.4 MHz) before the next. For clients that cannot read a recording
 * across a wrap (tests/igt/i915-perf-recorder.sh says which).
 */
static int clear_wrap(volatile uint32_t *page, const char *bdf, double secs)
{
	struct drm_i915_reg_read reg = { .offset = OA_RING_TIMESTAMP };
	const struct oa_platform *p;
	char path[128];
	uint64_t devid, T, to_wrap, need;
	int card, fd, ret;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/device", bdf);
	card = oa_card_for_bdf(bdf);
	if (!oa_read_u64_file(path, &devid) || card < 0 ||
	    !(p = oa_platform_for_devid((uint16_t)devid))) {
		fprintf(stderr, "vgpu-ctl: %s: no DRM card or no platform row for it\n", bdf);
		return 1;
	}
	snprintf(path, sizeof(path), "/dev/dri/card%d", card);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "vgpu-ctl: %s: %s\n", path, strerror(errno));
		return 1;
	}
	ret = ioctl(fd, DRM_IOCTL_I915_REG_READ, &reg);
	close(fd);
	if (ret) {
		fprintf(stderr, "vgpu-ctl: REG_READ of RING_TIMESTAMP: %s\n", strerror(errno));
		return 1;
	}
	T = oa_ring_to_T(p, reg.val);
	to_wrap = (1ull << 32) - (T & 0xffffffffull);
	need = (uint64_t)(secs * (double)p->timestamp_hz);
	if (to_wrap > need) {
		printf("T=%#llx: the report timestamp wraps in %.1f s\n",
		       (unsigned long long)T, (double)to_wrap / p->timestamp_hz);
		return 0;
	}
	if (page[VGPU_VERSION / 4] < 4) {
		fprintf(stderr, "vgpu-ctl: control page version %u has no ts-advance (4)\n",
			page[VGPU_VERSION / 4]);
		return 1;
	}
	/* a millisecond past the wrap, so that reading T again is past it */
	page[VGPU_TS_ADVANCE / 4] = (uint32_t)(to_wrap + p->timestamp_hz / 1000);
	printf("T=%#llx: the report timestamp would wrap in %.1f s: advanced past the wrap\n",
	       (unsigned long long)T, (double)to_wrap / p->timestamp_hz);
	return 0;
}

int main(int argc, char **argv)
{
	volatile uint32_t *page;
	char bdf[64];
	size_t i;

	if (!oa_find_pci(bdf, sizeof(bdf))) {
		fprintf(stderr, "vgpu-ctl: no PCI display device with vendor 0x8086 found\n");
		return 1;
	}
	page = oa_map_vgpu(bdf);
	if (!page) {
		fprintf(stderr, "vgpu-ctl: %s has no control page (resource2 missing, unmappable or wrong magic); need root and the intel-oa QEMU device\n",
			bdf);
		return 1;
	}
	if (argc < 2 || !strcmp(argv[1], "dump")) {
		printf("device %s\n", bdf);
		for (i = 0; i < ARRAY_SIZE(fields); i++)
			printf("%-16s 0x%03x %#010x (%u)\n", fields[i].name, fields[i].off,
			       page[fields[i].off / 4], page[fields[i].off / 4]);
		return 0;
	}
	if (!strcmp(argv[1], "get") && argc == 3) {
		printf("%u\n", page[fields[field_index(argv[2])].off / 4]);
		return 0;
	}
	if (!strcmp(argv[1], "set") && argc == 4) {
		int f = field_index(argv[2]);

		if (!fields[f].writable) {
			fprintf(stderr, "vgpu-ctl: %s is read-only\n", argv[2]);
			return 2;
		}
		page[fields[f].off / 4] = (uint32_t)strtoul(argv[3], NULL, 0);
		return 0;
	}
	if (!strcmp(argv[1], "clear-wrap") && argc == 3)
		return clear_wrap(page, bdf, strtod(argv[2], NULL));
	fprintf(stderr, "usage: vgpu-ctl [dump | get <field> | set <field> <value> | clear-wrap <seconds>]\n");
	return 2;
}
