// SPDX-License-Identifier: GPL-2.0
/*
 * Render context images: Haswell's (loaded with MI_SET_CONTEXT) and the
 * logical ring contexts the execlists load (Gen8 and later), their lifetime and the
 * ID OA knows each by; the fence ops of render requests, which both
 * submission backends use.
 */

#include <linux/dma-fence.h>
#include <linux/dma-mapping.h>
#include <linux/idr.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: logical ring contexts
 *
 * A logical ring context image is a per-process status page, then the
 * register state i915's gen8/gen9/gen11/gen12/dg2_rcs_offsets lay out
 * (MI_LOAD_REGISTER_IMM blocks, relative to the engine from Gen11 on,
 * closed by MI_BATCH_BUFFER_END as i915 closes the state of a context
 * whose restore is inhibited), with its own
 * 16 KiB ring and a 4-level PPGTT whose PML4 is in PDP0 (Cherryview: a
 * 3-level one whose four page directories are in PDP0-3)
 * (init_ppgtt_regs()). Its first load inhibits the engine-state restore;
 * once the engine has saved it, later loads restore what it saved.
 *
 * Gen12 images also carry OACTXCONTROL and OAR_OACONTROL, at the
 * register-state dwords where i915 finds them (ctx_oactxctrl_offset
 * 0x144, GEN12_OAR_OACONTROL_OFFSET 0x5b0): i915 takes a Gen12 context's
 * default state from the image the hardware saved of its first context,
 * in which they sit there; this driver writes that part itself.
 *
 * Its descriptor (lrc_descriptor()): the image's GGTT address, 64-bit
 * legacy addressing, valid, privileged (Broadwell: L3 LLC coherent), and
 * in its upper dword the context's ID: the hardware ID (bits 52:32) on
 * Gen8/9, the software context ID on Gen11/12 (bits 47:37) and Xe-HP
 * (bits 54:39). i915 hands out IDs per submission (a small tag, or a
 * fixed one for the context an OA stream filters); here each context
 * keeps one for its life, from 1 to the field's largest value less one
 * (all ones is the idle context's from Gen12 on), so OA reports name it
 * the same way every time it runs.
 */

/* i915 intel_engine_cs.c HSW_CXT_TOTAL_SIZE */
#define HSW_CXT_TOTAL_SIZE	(17 * PAGE_SIZE)

/* i915 intel_lrc_reg.h: dword indices of the register state's values */
#define CTX_CONTEXT_CONTROL	(0x02 + 1)
#define CTX_RING_HEAD		(0x04 + 1)
#define CTX_RING_TAIL		(0x06 + 1)
#define CTX_RING_START		(0x08 + 1)
#define CTX_RING_CTL		(0x0a + 1)
/* CTX_PDP3_UDW (0x24 + 1) .. CTX_PDP0_LDW (0x32 + 1), 3 first */
#define CTX_PDP_UDW(n)		(0x30 + 1 - 4 * (n))
#define CTX_PDP_LDW(n)		(0x32 + 1 - 4 * (n))

/* i915 intel_engine_regs.h RENDER_RING_BASE */
#define RENDER_RING_BASE	0x2000

/*
 * A register-state layout, i915 intel_lrc.c's gen8_rcs_offsets and
 * gen9_rcs_offsets as a list: LRC_NOP(n) skips n dwords, LRC_LRI(n, posted)
 * starts an MI_LOAD_REGISTER_IMM of the n register offsets (from the
 * engine's base) that follow.
 */
#define LRC_NOP(n)		(0x8000 | (n))
#define LRC_LRI(n, posted)	(0x4000 | ((posted) ? 0x2000 : 0) | (n))
#define LRC_END			0

/* i915 intel_lrc.c gen8_rcs_offsets */
static const u16 gen8_rcs_offsets[] = {
	LRC_NOP(1), LRC_LRI(14, true),
	0x244, 0x034, 0x030, 0x038, 0x03c,
	0x168, 0x140, 0x110, 0x11c, 0x114,
	0x118, 0x1c0, 0x1c4, 0x1c8,
	LRC_NOP(3), LRC_LRI(9, true),
	0x3a8, 0x28c, 0x288, 0x284,
	0x280, 0x27c, 0x278, 0x274,
	0x270,
	LRC_NOP(13), LRC_LRI(1, false), 0x0c8,
	LRC_END
};

/* i915 intel_lrc.c gen9_rcs_offsets */
static const u16 gen9_rcs_offsets[] = {
	LRC_NOP(1), LRC_LRI(14, true),
	0x244, 0x034, 0x030, 0x038, 0x03c,
	0x168, 0x140, 0x110, 0x11c, 0x114,
	0x118, 0x1c0, 0x1c4, 0x1c8,
	LRC_NOP(3), LRC_LRI(9, true),
	0x3a8, 0x28c, 0x288, 0x284,
	0x280, 0x27c, 0x278, 0x274,
	0x270,
	LRC_NOP(13), LRC_LRI(1, false), 0x0c8,
	LRC_NOP(13), LRC_LRI(44, true),
	0x028, 0x09c, 0x0c0, 0x178, 0x17c,
	0x358, 0x170, 0x150, 0x154, 0x158,
	0x41c, 0x600, 0x604, 0x608,
	0x60c, 0x610, 0x614, 0x618,
	0x61c, 0x620, 0x624, 0x628,
	0x62c, 0x630, 0x634, 0x638,
	0x63c, 0x640, 0x644, 0x648,
	0x64c, 0x650, 0x654, 0x658,
	0x65c, 0x660, 0x664, 0x668,
	0x66c, 0x670, 0x674, 0x678,
	0x67c, 0x068,
	LRC_END
};

/* i915 intel_lrc.c gen11_rcs_offsets */
static const u16 gen11_rcs_offsets[] = {
	LRC_NOP(1), LRC_LRI(15, true),
	0x244, 0x034, 0x030, 0x038, 0x03c,
	0x168, 0x140, 0x110, 0x11c, 0x114,
	0x118, 0x1c0, 0x1c4, 0x1c8, 0x180,
	LRC_NOP(1), LRC_LRI(9, true),
	0x3a8, 0x28c, 0x288, 0x284,
	0x280, 0x27c, 0x278, 0x274,
	0x270,
	LRC_LRI(1, true), 0x1b0,
	LRC_NOP(10), LRC_LRI(1, false), 0x0c8,
	LRC_END
};

/* i915 intel_lrc.c gen12_rcs_offsets */
static const u16 gen12_rcs_offsets[] = {
	LRC_NOP(1), LRC_LRI(13, true),
	0x244, 0x034, 0x030, 0x038, 0x03c,
	0x168, 0x140, 0x110, 0x1c0, 0x1c4,
	0x1c8, 0x180, 0x2b4,
	LRC_NOP(5), LRC_LRI(9, true),
	0x3a8, 0x28c, 0x288, 0x284,
	0x280, 0x27c, 0x278, 0x274,
	0x270,
	LRC_LRI(3, true), 0x1b0, 0x5a8, 0x5ac,
	LRC_NOP(6), LRC_LRI(1, false), 0x0c8,
	LRC_NOP(3 + 9 + 1), LRC_LRI(51, true),
	0x588, 0x588, 0x588, 0x588, 0x588, 0x588,
	0x028, 0x09c, 0x0c0, 0x178, 0x17c,
	0x358, 0x170, 0x150, 0x154, 0x158,
	0x41c, 0x600, 0x604, 0x608,
	0x60c, 0x610, 0x614, 0x618,
	0x61c, 0x620, 0x624, 0x628,
	0x62c, 0x630, 0x634, 0x638,
	0x63c, 0x640, 0x644, 0x648,
	0x64c, 0x650, 0x654, 0x658,
	0x65c, 0x660, 0x664, 0x668,
	0x66c, 0x670, 0x674, 0x678,
	0x67c, 0x068, 0x084,
	LRC_NOP(1),
	LRC_END
};

/* i915 intel_lrc.c dg2_rcs_offsets (graphics IP 12.55 and later) */
static const u16 dg2_rcs_offsets[] = {
	LRC_NOP(1), LRC_LRI(15, true),
	0x244, 0x034, 0x030, 0x038, 0x03c,
	0x168, 0x140, 0x110, 0x1c0, 0x1c4,
	0x1c8, 0x180, 0x2b4, 0x120, 0x124,
	LRC_NOP(1), LRC_LRI(9, true),
	0x3a8, 0x28c, 0x288, 0x284,
	0x280, 0x27c, 0x278, 0x274,
	0x270,
	LRC_LRI(3, true), 0x1b0, 0x5a8, 0x5ac,
	LRC_NOP(6), LRC_LRI(1, false), 0x0c8,
	LRC_END
};

/* Gen8/9: the ELSP, six CSB entries, the hardware ID in bits 52:32. */
#define GEN8_LRC							\
	.ctx_id_shift = GEN8_CTX_ID_SHIFT,				\
	.ctx_id_width = GEN8_CTX_ID_WIDTH,				\
	.ctx_id_max = BIT(GEN8_CTX_ID_WIDTH) - 2,			\
	.run_list_mode = GFX_RUN_LIST_ENABLE,				\
	.csb_entries = GEN8_CSB_ENTRIES,				\
	.hws_csb_write = HWS_CSB_WRITE,					\
	.csb_format = INTEL_OA_CSB_GEN8

/* Gen11 and later: the ELSQ, twelve CSB entries, relative LRIs. */
#define GEN11_LRC							\
	.lri_flags = MI_LRI_LRM_CS_MMIO,				\
	.end_flags = BIT(0),						\
	.elsq = true,							\
	.run_list_mode = GEN11_GFX_DISABLE_LEGACY_MODE,			\
	.csb_entries = GEN11_CSB_ENTRIES,				\
	.hws_csb_write = ICL_HWS_CSB_WRITE

/* Gen11/12: the software context ID, bits 47:37; 0x7ff is idle. */
#define GEN11_SW_CTX_ID							\
	.ctx_id_shift = GEN11_SW_CTX_ID_SHIFT,				\
	.ctx_id_width = GEN11_SW_CTX_ID_WIDTH,				\
	.ctx_id_max = GEN12_IDLE_CTX_ID - 1

const struct intel_oa_lrc_desc intel_oa_gen8_lrc = {
	GEN8_LRC,
	.rcs_offsets = gen8_rcs_offsets,
	.render_size = GEN8_LR_CONTEXT_RENDER_SIZE,
};

const struct intel_oa_lrc_desc intel_oa_gen9_lrc = {
	GEN8_LRC,
	.rcs_offsets = gen9_rcs_offsets,
	.render_size = GEN9_LR_CONTEXT_RENDER_SIZE,
};

const struct intel_oa_lrc_desc intel_oa_gen11_lrc = {
	GEN11_LRC,
	GEN11_SW_CTX_ID,
	.rcs_offsets = gen11_rcs_offsets,
	.render_size = GEN11_LR_CONTEXT_RENDER_SIZE,
	.csb_format = INTEL_OA_CSB_GEN8,
};

const struct intel_oa_lrc_desc intel_oa_gen12_lrc = {
	GEN11_LRC,
	GEN11_SW_CTX_ID,
	.rcs_offsets = gen12_rcs_offsets,
	.render_size = GEN12_LR_CONTEXT_RENDER_SIZE,
	.oar = true,
	.csb_format = INTEL_OA_CSB_GEN12,
};

/* Xe-HP (12.55 and later): 16-bit software context IDs, bits 54:39. */
const struct intel_oa_lrc_desc intel_oa_xehp_lrc = {
	GEN11_LRC,
	.rcs_offsets = dg2_rcs_offsets,
	.render_size = GEN12_LR_CONTEXT_RENDER_SIZE,
	.oar = true,
	.ctx_id_shift = XEHP_SW_CTX_ID_SHIFT,
	.ctx_id_width = XEHP_SW_CTX_ID_WIDTH,
	.ctx_id_max = XEHP_IDLE_CTX_ID - 1,
	.csb_format = INTEL_OA_CSB_XEHP,
};

/* The contexts' hardware IDs, unique across devices. */
static DEFINE_IDA(lrc_ids);

/* One LRI of @n (register, value) pairs at @regs; returns past it. */
static u32 *lrc_lri(u32 *regs, u32 flags, unsigned int n)
{
	*regs = MI_LOAD_REGISTER_IMM(n) | flags;
	return regs + 1;
}

/*
 * set_offsets(): the register offsets of @lrc's layout, values zero,
 * closed with MI_BATCH_BUFFER_END.
 */
static void lrc_set_offsets(u32 *regs, const struct intel_oa_lrc_desc *lrc)
{
	const u16 *layout = lrc->rcs_offsets;
	u32 *state = regs;

	while (*layout != LRC_END) {
		u16 count = *layout & 0xff;

		if (*layout & 0x8000) {
			regs += count;
			layout++;
			continue;
		}
		regs = lrc_lri(regs, lrc->lri_flags | (*layout & 0x2000 ?
						       MI_LRI_FORCE_POSTED : 0),
			       count);
		layout++;
		while (count--) {
			regs[0] = RENDER_RING_BASE + *layout++;
			regs += 2;
		}
	}
	if (lrc->oar) {
		/* the OA context registers where i915 looks for them */
		regs = lrc_lri(state + GEN12_CTX_OACTXCONTROL_OFFSET - 1,
			       lrc->lri_flags, 1);
		*regs = GEN12_OACTXCONTROL;
		regs = lrc_lri(state + GEN12_CTX_OAR_OACONTROL_OFFSET - 1,
			       lrc->lri_flags, 1);
		*regs = GEN12_OAR_OACONTROL;
		regs += 2;
	}
	/* closed, as i915 does for an image whose restore is inhibited */
	*regs = MI_BATCH_BUFFER_END | lrc->end_flags;
}

/* Bytes of a render logical ring context: i915's plus the PPHWSP. */
static size_t lrc_size(struct intel_oa_device *oa)
{
	return PAGE_SIZE + oa->gen->lrc->render_size;
}

/*
 * lrc_init - make a context image a logical ring context
 * @ctx: the image, mapped in the GGTT, zeroed
 * @ppgtt: the PPGTT its batches run in (the context takes a reference)
 *
 * Return: 0, -ENOMEM, -ENOSPC (no GGTT room or no hardware ID left).
 */
static int lrc_init(struct intel_oa_hw_context *ctx,
		    struct intel_oa_ppgtt *ppgtt)
{
	struct intel_oa_device *oa = ctx->oa;
	u32 *regs = ctx->vaddr + PAGE_SIZE;
	unsigned int n;
	int id, ret;

	id = ida_alloc_range(&lrc_ids, 1, oa->gen->lrc->ctx_id_max, GFP_KERNEL);
	if (id < 0)
		return id == -ENOMEM ? -ENOMEM : -ENOSPC;
	ctx->hw_id = id;
	ctx->ring = dma_alloc_coherent(&oa->pdev->dev, INTEL_OA_LRC_RING_SIZE,
				       &ctx->ring_dma, GFP_KERNEL);
	if (!ctx->ring)
		return -ENOMEM;
	ret = intel_oa_ggtt_map_dma(oa, &ctx->ring_node, ctx->ring_dma,
				    INTEL_OA_LRC_RING_SIZE / PAGE_SIZE);
	if (ret)
		return ret;
	ctx->ppgtt = intel_oa_ppgtt_get(ppgtt);

	lrc_set_offsets(regs, oa->gen->lrc);
	/* init_common_regs(), restore inhibited for the first load */
	regs[CTX_CONTEXT_CONTROL] =
		masked_bit_enable(CTX_CTRL_INHIBIT_SYN_CTX_SWITCH) |
		masked_bit_disable(CTX_CTRL_ENGINE_CTX_SAVE_INHIBIT |
				   CTX_CTRL_RS_CTX_ENABLE) |
		masked_bit_enable(CTX_CTRL_ENGINE_CTX_RESTORE_INHIBIT);
	regs[CTX_RING_HEAD] = 0;
	regs[CTX_RING_TAIL] = 0;
	regs[CTX_RING_START] = ctx->ring_node.start;
	regs[CTX_RING_CTL] = RING_CTL_SIZE(INTEL_OA_LRC_RING_SIZE) | RING_VALID;
	/*
	 * init_ppgtt_regs(): a 4-level PPGTT's PML4 in PDP0, a 3-level
	 * one's four page directories in PDP0-3
	 */
	for (n = 0; n < GEN8_3LVL_PDPES; n++) {
		dma_addr_t pdp = intel_oa_ppgtt_pdp(ppgtt, n);

		regs[CTX_PDP_UDW(n)] = upper_32_bits(pdp);
		regs[CTX_PDP_LDW(n)] = lower_32_bits(pdp);
	}
	return 0;
}

/*
 * lrc_fini - free what lrc_init() made
 * @ctx: the image (its LRC parts may be partly made, or not at all)
 */
static void lrc_fini(struct intel_oa_hw_context *ctx)
{
	struct intel_oa_device *oa = ctx->oa;

	if (ctx->ppgtt)
		intel_oa_ppgtt_put(ctx->ppgtt);
	ctx->ppgtt = NULL;
	intel_oa_ggtt_release(oa, &ctx->ring_node);
	if (ctx->ring)
		dma_free_coherent(&oa->pdev->dev, INTEL_OA_LRC_RING_SIZE, ctx->ring,
				  ctx->ring_dma);
	ctx->ring = NULL;
	if (ctx->hw_id)
		ida_free(&lrc_ids, ctx->hw_id);
	ctx->hw_id = 0;
}

/**
 * intel_oa_lrc_descriptor - what the ELSP takes to run a context
 * @ctx: a logical ring context
 *
 * Return: its descriptor (DOC "logical ring contexts").
 */
u64 intel_oa_lrc_descriptor(const struct intel_oa_hw_context *ctx)
{
	u64 desc = (ctx->ppgtt->levels == 4 ? INTEL_LEGACY_64B_CONTEXT :
		    INTEL_LEGACY_32B_CONTEXT) << GEN8_CTX_ADDRESSING_MODE_SHIFT;

	desc |= GEN8_CTX_VALID | GEN8_CTX_PRIVILEGE;
	if (ctx->oa->gen->graphics_ver == 8)
		desc |= GEN8_CTX_L3LLC_COHERENT;
	desc |= ctx->node.start;
	desc |= (u64)ctx->hw_id << ctx->oa->gen->lrc->ctx_id_shift;
	return desc;
}

/**
 * intel_oa_lrc_set_tail - where the context's ring ends on its next load
 * @ctx: a logical ring context the engine is not running
 * @tail: the ring offset
 */
void intel_oa_lrc_set_tail(struct intel_oa_hw_context *ctx, u32 tail)
{
	u32 *regs = ctx->vaddr + PAGE_SIZE;

	regs[CTX_RING_TAIL] = tail;
}

/**
 * intel_oa_lrc_saved - the engine has saved the context once
 * @ctx: a logical ring context the engine is not running
 *
 * Later loads restore the engine state it saved.
 */
void intel_oa_lrc_saved(struct intel_oa_hw_context *ctx)
{
	u32 *regs = ctx->vaddr + PAGE_SIZE;

	regs[CTX_CONTEXT_CONTROL] &= ~(u32)CTX_CTRL_ENGINE_CTX_RESTORE_INHIBIT;
}

static void hw_context_free(struct work_struct *work)
{
	struct intel_oa_hw_context *ctx =
		container_of(work, struct intel_oa_hw_context, free_work);
	struct intel_oa_device *oa = ctx->oa;

	lrc_fini(ctx);
	intel_oa_ggtt_release(oa, &ctx->node);
	dma_free_coherent(&oa->pdev->dev, ctx->size, ctx->vaddr, ctx->dma);
	drm_dev_put(&oa->drm);
	kfree(ctx);
}

static void hw_context_release(struct kref *ref)
{
	struct intel_oa_hw_context *ctx =
		container_of(ref, struct intel_oa_hw_context, ref);

	/* the last reference may be a request's, in the interrupt handler */
	queue_work(system_wq, &ctx->free_work);
}

static const char *rcs_fence_driver(struct dma_fence *fence)
{
	return "intel_oa";
}

static const char *rcs_fence_timeline(struct dma_fence *fence)
{
	return "rcs0";
}

/*
 * intel_oa_rcs_fence_ops - the fences of render engine requests, whichever
 * backend submits them
 */
const struct dma_fence_ops intel_oa_rcs_fence_ops = {
	.get_driver_name = rcs_fence_driver,
	.get_timeline_name = rcs_fence_timeline,
};

/* Bytes of a render context image, 0 where the driver loads none. */
static size_t image_size(struct intel_oa_device *oa)
{
	if (oa->el)
		return lrc_size(oa);
	if (oa->rcs && oa->gen->graphics_ver == 7 && oa->gen->graphics_rel == 5)
		return HSW_CXT_TOTAL_SIZE;
	return 0;
}

/**
 * intel_oa_hw_context_bytes - memory one context image takes
 * @oa: device
 *
 * Return: bytes of image and, Gen8/9, ring; 0 where the driver loads
 * none.
 */
u64 intel_oa_hw_context_bytes(struct intel_oa_device *oa)
{
	size_t size = image_size(oa);

	return size && oa->el ? size + INTEL_OA_LRC_RING_SIZE : size;
}

/**
 * intel_oa_hw_context_create - a context image for the render engine
 * @oa: device
 * @ppgtt: Gen8/9: the address space its batches run in
 * @out: the image (one reference), or NULL where the driver loads none
 *
 * Haswell's render contexts have images of HSW_CXT_TOTAL_SIZE bytes
 * (i915 intel_engine_context_size()), loaded with MI_SET_CONTEXT; the
 * other Gen6/7 parts run without (i915 sizes theirs from GEN7_CXT_SIZE and
 * GEN6_CXT_SIZE, registers no source documents). Gen8/9 contexts are
 * logical ring contexts (DOC "logical ring contexts").
 *
 * Return: 0, -ENOMEM, -ENOSPC (no GGTT room or no hardware ID).
 */
int intel_oa_hw_context_create(struct intel_oa_device *oa,
			       struct intel_oa_ppgtt *ppgtt,
			       struct intel_oa_hw_context **out)
{
	struct intel_oa_hw_context *ctx;
	size_t size;
	int ret;

	*out = NULL;
	size = image_size(oa);
	if (!size || (oa->el && !ppgtt))
		return 0;

	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	kref_init(&ctx->ref);
	INIT_WORK(&ctx->free_work, hw_context_free);
	ctx->oa = oa;
	ctx->size = size;
	ctx->vaddr = dma_alloc_coherent(&oa->pdev->dev, ctx->size, &ctx->dma,
					GFP_KERNEL);
	if (!ctx->vaddr) {
		kfree(ctx);
		return -ENOMEM;
	}
	ret = intel_oa_ggtt_map_dma(oa, &ctx->node, ctx->dma,
				    ctx->size / PAGE_SIZE);
	if (ret)
		goto err_free;
	if (oa->el) {
		ret = lrc_init(ctx, ppgtt);
		if (ret)
			goto err_release;
	}
	/* the free may run after unbind: keep the device's memory */
	drm_dev_get(&oa->drm);
	*out = ctx;
	return 0;

err_release:
	lrc_fini(ctx);
	intel_oa_ggtt_release(oa, &ctx->node);
err_free:
	dma_free_coherent(&oa->pdev->dev, ctx->size, ctx->vaddr, ctx->dma);
	kfree(ctx);
	return ret;
}

/**
 * intel_oa_hw_context_get - another reference to a context image
 * @ctx: the image
 *
 * Return: @ctx.
 */
struct intel_oa_hw_context *intel_oa_hw_context_get(struct intel_oa_hw_context *ctx)
{
	kref_get(&ctx->ref);
	return ctx;
}

/**
 * intel_oa_hw_context_put - drop a reference to a context image
 * @ctx: the image; any context
 */
void intel_oa_hw_context_put(struct intel_oa_hw_context *ctx)
{
	kref_put(&ctx->ref, hw_context_release);
}

/**
 * intel_oa_hw_context_id - the ID OA selects a context by
 * @ctx: the image
 *
 * Return: Haswell: its GGTT address (i915's specific_ctx_id); Gen8 and
 * later: its descriptor's upper dword, where the ID sits, as the OA
 * reports' CTX_ID carries it.
 */
u32 intel_oa_hw_context_id(const struct intel_oa_hw_context *ctx)
{
	if (!ctx->hw_id)
		return ctx->node.start;
	return ctx->hw_id << (ctx->oa->gen->lrc->ctx_id_shift - 32);
}

/**
 * intel_oa_lrc_ctx_id_mask - the bits of an OA report's CTX_ID that name
 *	a logical ring context
 * @oa: device with execlists
 *
 * Return: i915's specific_ctx_id_mask (oa_get_render_ctx_id()).
 */
u32 intel_oa_lrc_ctx_id_mask(const struct intel_oa_device *oa)
{
	const struct intel_oa_lrc_desc *lrc = oa->gen->lrc;

	return GENMASK(lrc->ctx_id_width - 1, 0) << (lrc->ctx_id_shift - 32);
}
