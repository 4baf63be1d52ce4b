// SPDX-License-Identifier: MIT
/*
 * vgpu-ctl: read and write the virtual-GPU control page (BAR2) from the
 * guest shell. Used by run-tests (violation count) and for debugging.
 *
 *   vgpu-ctl [dump]                 print every field
 *   vgpu-ctl get <field>            print one field (decimal)
 *   vgpu-ctl set <field> <value>    write a knob
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	fprintf(stderr, "usage: vgpu-ctl [dump | get <field> | set <field> <value>]\n");
	return 2;
}
