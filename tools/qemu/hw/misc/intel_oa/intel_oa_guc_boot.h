/*
 * intel-oa-gpu: the GuC's boot path (Documentation/guc-firmware.rst):
 * the WOPCM partition registers, the DMA engine that copies the CSS
 * header and uCode from the GGTT into WOPCM, the boot ROM that
 * authenticates the image, GUC_STATUS, and the GuC's reset domain in
 * GDRST. Registers and status codes: i915 gt/uc/intel_guc_reg.h,
 * intel_guc_fw.c, intel_uc_fw.c, abi/guc_errors_abi.h.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#ifndef HW_MISC_INTEL_OA_GUC_BOOT_H
#define HW_MISC_INTEL_OA_GUC_BOOT_H

#include "exec/hwaddr.h"
#include "exec/memory.h"
#include "migration/vmstate.h"
#include "qemu/timer.h"
#include "intel_oa_violation.h"
#include "intel_oa_ggtt.h"
#include "intel_oa_rsa.h"

#define INTEL_OA_GUC_RSA_SCRATCH    64

typedef void IntelOAGucBootFn(void *opaque, bool running);

typedef struct IntelOAGucBootStats {
    uint32_t boots;             /* images that reached READY */
    uint32_t unverified;        /* of those, booted without a key */
    uint32_t failures;          /* images the boot ROM rejected */
} IntelOAGucBootStats;

typedef struct IntelOAGucBoot {
    /* collaborators */
    AddressSpace *dma_as;       /* where the DMA engine reads */
    IntelOAGgtt *ggtt;
    IntelOAViolations *viol;
    uint32_t rsa_bytes;         /* the platform's fixed signature size */
    IntelOAGucBootFn *changed;  /* the uKernel started or stopped */
    void *opaque;
    QEMUTimer *timer;
    /* guc-key: public key the boot ROM checks against; none if len 0 */
    uint8_t key[INTEL_OA_RSA_MAX_BYTES];
    uint32_t key_len;

    uint32_t status;            /* GUC_STATUS */
    uint32_t header_info;       /* GUC_HEADER_INFO */
    uint32_t shim;              /* GUC_SHIM_CONTROL */
    uint32_t wopcm_size;        /* GUC_WOPCM_SIZE */
    uint32_t wopcm_offset;      /* DMA_GUC_WOPCM_OFFSET */
    uint32_t rsa[INTEL_OA_GUC_RSA_SCRATCH];    /* UOS_RSA_SCRATCH(n) */
    uint32_t dma_addr[4];       /* DMA_ADDR_0_LOW .. DMA_ADDR_1_HIGH */
    uint32_t dma_size;          /* DMA_COPY_SIZE */
    uint32_t dma_ctrl;          /* DMA_CTRL */
    /* the boot ROM's verdict on the copied image, applied by the timer */
    uint32_t verdict;
    IntelOAGucBootStats stats;
} IntelOAGucBoot;

/* @key_path: guc-key property (NULL or ""); false with @errp set */
bool intel_oa_guc_boot_init(IntelOAGucBoot *boot, AddressSpace *dma_as,
                            IntelOAGgtt *ggtt, IntelOAViolations *viol,
                            uint32_t rsa_bytes, const char *key_path,
                            IntelOAGucBootFn *changed, void *opaque,
                            Error **errp);
void intel_oa_guc_boot_finalize(IntelOAGucBoot *boot);
void intel_oa_guc_boot_reset(IntelOAGucBoot *boot);
bool intel_oa_guc_boot_running(const IntelOAGucBoot *boot);
/* Control page guc-preloaded: READY now, as another driver leaves it. */
void intel_oa_guc_boot_preload(IntelOAGucBoot *boot);

bool intel_oa_guc_boot_mmio_read(IntelOAGucBoot *boot, hwaddr addr,
                                 uint32_t *val);
bool intel_oa_guc_boot_mmio_write(IntelOAGucBoot *boot, hwaddr addr,
                                  uint32_t val);

extern const VMStateDescription vmstate_intel_oa_guc_boot;

#endif /* HW_MISC_INTEL_OA_GUC_BOOT_H */
