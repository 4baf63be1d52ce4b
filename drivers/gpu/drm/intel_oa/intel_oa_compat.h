/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel interfaces that differ between the kernels the module is
 * built for: Debian 12's 6.1 and its 6.12 (linux-image-6.12-amd64),
 * told apart by what the headers define, not by version numbers.
 */

#ifndef _INTEL_OA_COMPAT_H_
#define _INTEL_OA_COMPAT_H_

#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/pci.h>
#include <linux/sysctl.h>

/* 6.8 renamed the legacy INTx vector type; 6.12 dropped the old name. */
#ifndef PCI_IRQ_INTX
#define PCI_IRQ_INTX	PCI_IRQ_LEGACY
#endif

/*
 * 6.6 made register_sysctl() a macro passing the table's size (the
 * ARRAY_SIZE() of the array) to register_sysctl_sz(), and 6.11 refuses an
 * entry without a procname: @n counts the entries before the empty one
 * that ends the table for older kernels.
 */
#ifdef register_sysctl
#define intel_oa_register_sysctl(path, table, n) \
	register_sysctl_sz(path, table, n)
#else
#define intel_oa_register_sysctl(path, table, n) \
	register_sysctl(path, table)
#endif

/*
 * 6.12's drm_open() refuses (EINVAL, with a warning) a node whose
 * file_operations lack FOP_UNSIGNED_OFFSET, a flag older kernels do not
 * have: the DRM device's fops end with this.
 */
#ifdef FOP_UNSIGNED_OFFSET
#define INTEL_OA_DRM_FOP_FLAGS	.fop_flags = FOP_UNSIGNED_OFFSET,
#else
#define INTEL_OA_DRM_FOP_FLAGS
#endif

#endif /* _INTEL_OA_COMPAT_H_ */
