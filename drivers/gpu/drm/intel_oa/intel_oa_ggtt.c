// SPDX-License-Identifier: GPL-2.0
/*
 * Global GTT entries for the OA buffer.
 */

#include <linux/io.h>
#include <linux/io-64-nonatomic-lo-hi.h>

#include <linux/slab.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "intel_oa.h"
#include "intel_oa_gen.h"
#include "regs/intel_oa_regs.h"

/**
 * DOC: GGTT
 *
 * The OA unit writes reports to a GGTT address. The driver has no GEM
 * and maps nothing else, but it is not alone in the GGTT: firmware maps
 * the boot framebuffer there. At probe it sizes the GGTT from GMCH_CTRL
 * and reserves, for each OA unit, a 16 MiB range (&OA_BUFFER_GGTT_RANGE,
 * aligned as every generation's OABUFFER requires): the highest block of
 * them whose PTEs are not present, unit i's at block + i * 16 MiB, so
 * streams on different units never share pages; an unmap writes back what
 * it found (intel_oa_ggtt_init()). Each 4 KiB page
 * gets a PTE in the PTE array of BAR0 (GSM).
 * The generation descriptor's &struct intel_oa_ggtt_desc says where the
 * array is and what a PTE looks like:
 *
 * - Gen8+: 64-bit PTEs at BAR0 + 8 MiB, bit 0 present, bits 38:12 the
 *   page address, written as two dwords, low first. Meteor Lake adds a
 *   PAT index in bits 53:52 (i915 MTL_GGTT_PTE_PAT0/1): the OA buffer
 *   gets index 3, WB and one-way coherent, which is i915's I915_CACHE_LLC
 *   there (MTL_CACHELEVEL); index 0 is WB without coherency, so the CPU
 *   could read stale lines of what the OA unit wrote.
 * - Gen6/7: 32-bit PTEs at BAR0 + 2 MiB, bit 0 valid, bits 31:12 the page
 *   address bits 31:12 and bits 11:4 (Haswell 10:4) the address bits above
 *   32 (i915 GEN6_PTE_ADDR_ENCODE / HSW_PTE_ADDR_ENCODE), plus the cache
 *   control the contract asks for: LLC on Sandy and Ivy Bridge, writeable
 *   and snooped on Valleyview (which has no LLC), WB_LLC_AGE3 on Haswell.
 *
 * After updating PTEs the GGTT TLB is invalidated through GFX_FLSH_CNTL,
 * with a posting read of the last PTE first, as i915 does.
 */

static u64 gen8_pte_encode(dma_addr_t addr)
{
	return ((u64)addr & GEN8_PTE_ADDR_MASK) | GEN8_PTE_PRESENT;
}

/* PAT index 3: WB, one-way coherent (i915 MTL_CACHELEVEL I915_CACHE_LLC). */
static u64 mtl_pte_encode(dma_addr_t addr)
{
	return gen8_pte_encode(addr) | MTL_GGTT_PTE_PAT0 | MTL_GGTT_PTE_PAT1;
}

static void gen8_pte_write(u64 pte, void __iomem *addr)
{
	lo_hi_writeq(pte, addr);
}

/* Address bits 31:12 in place, bits 39:32 (38:32 on HSW) in 11:4. */
static u32 gen6_pte_addr(dma_addr_t addr, u32 hi_mask)
{
	return ((u32)addr & GEN6_PTE_ADDR_LO_MASK) |
	       ((u32)((u64)addr >> 28) & hi_mask);
}

static u64 snb_pte_encode(dma_addr_t addr)
{
	return gen6_pte_addr(addr, GEN6_PTE_ADDR_HI_MASK) |
	       GEN6_PTE_CACHE_LLC | GEN6_PTE_VALID;
}

static u64 vlv_pte_encode(dma_addr_t addr)
{
	return gen6_pte_addr(addr, GEN6_PTE_ADDR_HI_MASK) |
	       BYT_PTE_SNOOPED_BY_CPU_CACHES | BYT_PTE_WRITEABLE |
	       GEN6_PTE_VALID;
}

static u64 hsw_pte_encode(dma_addr_t addr)
{
	return gen6_pte_addr(addr, HSW_PTE_ADDR_HI_MASK) |
	       HSW_WB_LLC_AGE3 | GEN6_PTE_VALID;
}

static void gen6_pte_write(u64 pte, void __iomem *addr)
{
	writel(lower_32_bits(pte), addr);
}

static u64 gen8_pte_read(const void __iomem *addr)
{
	return lo_hi_readq(addr);
}

static u64 gen6_pte_read(const void __iomem *addr)
{
	return readl(addr);
}

#define GEN8_GGTT_BASE				\
	.gsm_offset = GEN8_GSM_OFFSET,		\
	.ggms_log2 = true,			\
	.pte_size = 8,				\
	.dma_bits = 39,				\
	.pte_write = gen8_pte_write,		\
	.pte_read = gen8_pte_read

#define GEN8_GGTT_COMMON			\
	GEN8_GGTT_BASE,				\
	.pte_encode = gen8_pte_encode

const struct intel_oa_ggtt_desc intel_oa_gen8_ggtt = {
	GEN8_GGTT_COMMON,
	.ggms_shift = BDW_GMCH_GGMS_SHIFT,
};

const struct intel_oa_ggtt_desc intel_oa_mtl_ggtt = {
	GEN8_GGTT_BASE,
	.ggms_shift = BDW_GMCH_GGMS_SHIFT,
	.pte_encode = mtl_pte_encode,
};

const struct intel_oa_ggtt_desc intel_oa_chv_ggtt = {
	GEN8_GGTT_COMMON,
	.ggms_shift = SNB_GMCH_GGMS_SHIFT,
};

#define GEN6_GGTT_COMMON			\
	.gsm_offset = GEN6_GSM_OFFSET,		\
	.ggms_shift = SNB_GMCH_GGMS_SHIFT,	\
	.pte_size = 4,				\
	.pte_write = gen6_pte_write,		\
	.pte_read = gen6_pte_read

const struct intel_oa_ggtt_desc intel_oa_snb_ggtt = {
	GEN6_GGTT_COMMON,
	.dma_bits = 40,
	.pte_encode = snb_pte_encode,
};

const struct intel_oa_ggtt_desc intel_oa_vlv_ggtt = {
	GEN6_GGTT_COMMON,
	.dma_bits = 40,
	.pte_encode = vlv_pte_encode,
};

const struct intel_oa_ggtt_desc intel_oa_hsw_ggtt = {
	GEN6_GGTT_COMMON,
	.dma_bits = 39,
	.pte_encode = hsw_pte_encode,
};

static void __iomem *ggtt_pte(struct intel_oa_device *oa, u32 ggtt_offset)
{
	return oa->uncore.gsm +
	       (ggtt_offset >> PAGE_SHIFT) * oa->gen->ggtt->pte_size;
}

static void ggtt_invalidate(struct intel_oa_device *oa, void __iomem *last)
{
	/* Posting read so the PTE writes land before the flush. */
	readl(last);
	intel_oa_write(oa, GFX_FLSH_CNTL_GEN6, GFX_FLSH_CNTL_EN);
	intel_oa_read(oa, GFX_FLSH_CNTL_GEN6);
}

/**
 * intel_oa_ggtt_insert - map pages at a GGTT range
 * @oa: device
 * @ggtt_offset: page aligned GGTT address of the first page
 * @dma: DMA address of each page
 * @n_pages: number of pages
 */
void intel_oa_ggtt_insert(struct intel_oa_device *oa, u32 ggtt_offset,
			  const dma_addr_t *dma, unsigned int n_pages)
{
	const struct intel_oa_ggtt_desc *ggtt = oa->gen->ggtt;
	void __iomem *pte = ggtt_pte(oa, ggtt_offset);
	unsigned int i;

	for (i = 0; i < n_pages; i++)
		ggtt->pte_write(ggtt->pte_encode(dma[i]),
				pte + i * ggtt->pte_size);

	ggtt_invalidate(oa, pte + (n_pages - 1) * ggtt->pte_size);
}

/**
 * intel_oa_ggtt_save - read the PTEs of a GGTT range
 * @oa: device
 * @ggtt_offset: page aligned GGTT address of the first page
 * @saved: out: @n_pages PTEs
 * @n_pages: number of pages
 */
void intel_oa_ggtt_save(struct intel_oa_device *oa, u32 ggtt_offset,
			u64 *saved, unsigned int n_pages)
{
	const struct intel_oa_ggtt_desc *ggtt = oa->gen->ggtt;
	void __iomem *pte = ggtt_pte(oa, ggtt_offset);
	unsigned int i;

	for (i = 0; i < n_pages; i++)
		saved[i] = ggtt->pte_read(pte + i * ggtt->pte_size);
}

/**
 * intel_oa_ggtt_restore - write back PTEs intel_oa_ggtt_save() read
 * @oa: device
 * @ggtt_offset: page aligned GGTT address of the first page
 * @saved: @n_pages PTEs
 * @n_pages: number of pages
 */
void intel_oa_ggtt_restore(struct intel_oa_device *oa, u32 ggtt_offset,
			   const u64 *saved, unsigned int n_pages)
{
	const struct intel_oa_ggtt_desc *ggtt = oa->gen->ggtt;
	void __iomem *pte = ggtt_pte(oa, ggtt_offset);
	unsigned int i;

	for (i = 0; i < n_pages; i++)
		ggtt->pte_write(saved[i], pte + i * ggtt->pte_size);

	ggtt_invalidate(oa, pte + (n_pages - 1) * ggtt->pte_size);
}

/**
 * intel_oa_ggtt_clear - unmap a range of the OA buffer's GGTT range
 * @oa: device
 * @ggtt_offset: page aligned GGTT address of the first page, inside
 *	&intel_oa_ggtt.oa_offset's range
 * @n_pages: number of pages
 *
 * Writes back the PTEs found there at probe (not present), so the GGTT is
 * left as the driver found it.
 */
void intel_oa_ggtt_clear(struct intel_oa_device *oa, u32 ggtt_offset,
			 unsigned int n_pages)
{
	intel_oa_ggtt_restore(oa, ggtt_offset, oa->ggtt.saved +
			      ((ggtt_offset - oa->ggtt.oa_offset) >> PAGE_SHIFT),
			      n_pages);
}

/* Bytes of GGTT the PTE array covers, from GMCH_CTRL, capped by BAR0. */
static u64 ggtt_size(struct intel_oa_device *oa)
{
	const struct intel_oa_ggtt_desc *ggtt = oa->gen->ggtt;
	u64 gsm_bytes, bar_bytes;
	u16 gmch = 0;
	u32 ggms;

	pci_read_config_word(oa->pdev, SNB_GMCH_CTRL, &gmch);
	ggms = (gmch >> ggtt->ggms_shift) & GMCH_GGMS_MASK;
	if (!ggms)
		return 0;
	gsm_bytes = ggtt->ggms_log2 ? SZ_1M << ggms : (u64)ggms * SZ_1M;
	bar_bytes = pci_resource_len(oa->pdev, 0) - ggtt->gsm_offset;
	return min(gsm_bytes, bar_bytes) / ggtt->pte_size * PAGE_SIZE;
}

/* Is every PTE of the @size bytes at @offset not present? */
static bool ggtt_pages_free(struct intel_oa_device *oa, u64 offset, u64 size)
{
	const struct intel_oa_ggtt_desc *ggtt = oa->gen->ggtt;
	void __iomem *pte = ggtt_pte(oa, offset);
	unsigned int i;

	/* Gen8's present bit is Gen6/7's valid bit. */
	BUILD_BUG_ON(GEN8_PTE_PRESENT != GEN6_PTE_VALID);
	for (i = 0; i < size >> PAGE_SHIFT; i++)
		if (ggtt->pte_read(pte + i * ggtt->pte_size) & GEN8_PTE_PRESENT)
			return false;
	return true;
}

/* Bytes reserved for the OA buffers: one range per OA unit. */
static u64 ggtt_reserved(const struct intel_oa_device *oa)
{
	return (u64)oa->n_units * OA_BUFFER_GGTT_RANGE;
}

/**
 * intel_oa_ggtt_reserved_bytes - GGTT bytes the driver keeps for itself
 * @oa: device
 *
 * Return: the OA buffers' ranges, one per OA unit.
 */
u64 intel_oa_ggtt_reserved_bytes(const struct intel_oa_device *oa)
{
	return ggtt_reserved(oa);
}

/**
 * intel_oa_ggtt_find_free - a free GGTT range below a limit
 * @oa: device whose OA buffer range is reserved
 * @size: bytes wanted, a multiple of PAGE_SIZE and a power of two
 * @top: the range must end at or below this GGTT address
 * @offset: out: the highest @size-aligned range whose PTEs are all not
 *	present, outside the OA buffer's range
 *
 * Return: 0 or -ENOSPC.
 */
int intel_oa_ggtt_find_free(struct intel_oa_device *oa, u32 size, u64 top,
			    u32 *offset)
{
	u64 off = round_down(min(top, oa->ggtt.size), size);

	while (off >= size) {
		off -= size;
		if (off + size > oa->ggtt.oa_offset &&
		    off < oa->ggtt.oa_offset + ggtt_reserved(oa))
			continue;
		if (ggtt_pages_free(oa, off, size)) {
			*offset = off;
			return 0;
		}
	}
	return -ENOSPC;
}

/**
 * intel_oa_ggtt_init - size the GGTT and reserve the OA buffers' ranges
 * @oa: device with BAR0 mapped and its OA units built
 *
 * The driver shares the GGTT with whatever firmware or an earlier driver
 * mapped (on real hardware the boot framebuffer, at the bottom). It
 * takes the highest OA_BUFFER_GGTT_RANGE-aligned block of one such range
 * per OA unit whose PTEs are all not present (bit 0 is valid/present on
 * every generation), below 4 GiB since OABUFFER holds a 32-bit address,
 * and keeps its PTEs to write back at every unmap.
 *
 * Return: 0, -ENODEV if GMCH_CTRL reports no GGTT, -ENOSPC if no range is
 * free, -ENOMEM.
 */
int intel_oa_ggtt_init(struct intel_oa_device *oa)
{
	const struct intel_oa_ggtt_desc *ggtt = oa->gen->ggtt;
	u64 reserved = ggtt_reserved(oa);
	unsigned int i, n = reserved >> PAGE_SHIFT;
	void __iomem *pte;
	bool found;
	u64 offset;

	oa->ggtt.size = min_t(u64, ggtt_size(oa), SZ_4G);
	if (oa->ggtt.size < reserved) {
		drm_err(&oa->drm,
			"GMCH_CTRL 0x%x reports no usable GGTT; is this GPU's PCI config space readable?\n",
			SNB_GMCH_CTRL);
		return -ENODEV;
	}

	offset = round_down(oa->ggtt.size - reserved, OA_BUFFER_GGTT_RANGE);
	for (;;) {
		found = ggtt_pages_free(oa, offset, reserved);
		if (found || !offset)
			break;
		offset -= OA_BUFFER_GGTT_RANGE;
	}
	if (!found) {
		drm_err(&oa->drm,
			"no free %llu MiB GGTT range for the OA buffers: firmware maps all %llu MiB of the GGTT\n",
			reserved / SZ_1M, oa->ggtt.size / SZ_1M);
		return -ENOSPC;
	}

	oa->ggtt.saved = drmm_kcalloc(&oa->drm, n, sizeof(u64), GFP_KERNEL);
	if (!oa->ggtt.saved)
		return -ENOMEM;
	pte = ggtt_pte(oa, offset);
	for (i = 0; i < n; i++)
		oa->ggtt.saved[i] = ggtt->pte_read(pte + i * ggtt->pte_size);
	oa->ggtt.oa_offset = offset;
	drm_dbg(&oa->drm, "GGTT %llu MiB, OA buffer range at 0x%x\n",
		oa->ggtt.size / SZ_1M, oa->ggtt.oa_offset);
	return 0;
}

/* Make a handed-out range's PTEs not present again. */
static void ggtt_clear_ptes(struct intel_oa_device *oa,
			    const struct drm_mm_node *node)
{
	const struct intel_oa_ggtt_desc *desc = oa->gen->ggtt;
	void __iomem *pte = ggtt_pte(oa, node->start);
	unsigned int i, n = node->size >> PAGE_SHIFT;

	if (!n)
		return;
	for (i = 0; i < n; i++)
		desc->pte_write(0, pte + i * desc->pte_size);
	ggtt_invalidate(oa, pte + (n - 1) * desc->pte_size);
}

/* The color of the ranges the allocator keeps out (never unmapped by it). */
#define GGTT_TAKEN	1

/* A range someone else mapped, kept out of the allocator. */
struct ggtt_taken {
	struct list_head link;
	struct drm_mm_node node;
};

static void ggtt_mm_fini(struct drm_device *drm, void *arg)
{
	struct intel_oa_ggtt *ggtt = arg;
	struct ggtt_taken *t, *next;

	list_for_each_entry_safe(t, next, &ggtt->taken, link) {
		drm_mm_remove_node(&t->node);
		kfree(t);
	}
	drm_mm_takedown(&ggtt->mm);
	mutex_destroy(&ggtt->mm_lock);
}

/* Unbind: unmap what is still handed out; later releases only free. */
static void ggtt_unmap_all(void *arg)
{
	struct intel_oa_device *oa = arg;
	struct intel_oa_ggtt *ggtt = &oa->ggtt;
	struct drm_mm_node *node;

	mutex_lock(&ggtt->mm_lock);
	if (!intel_oa_device_gone(oa))
		drm_mm_for_each_node(node, &ggtt->mm)
			if (node->color != GGTT_TAKEN)
				ggtt_clear_ptes(oa, node);
	ggtt->live = false;
	mutex_unlock(&ggtt->mm_lock);
}

/**
 * intel_oa_ggtt_mm_init - the allocator of the GGTT outside the OA ranges
 * @oa: device whose GGTT intel_oa_ggtt_init() sized
 *
 * At unbind, while BAR0 is still mapped, every range still handed out is
 * unmapped (objects and contexts may outlive the device's binding); the
 * allocator itself lives as long as the DRM device.
 *
 * Return: 0 or -ENOMEM.
 */
int intel_oa_ggtt_mm_init(struct intel_oa_device *oa)
{
	struct intel_oa_ggtt *ggtt = &oa->ggtt;
	struct ggtt_taken *t;
	int ret;

	mutex_init(&ggtt->mm_lock);
	INIT_LIST_HEAD(&ggtt->taken);
	drm_mm_init(&ggtt->mm, 0, ggtt->size);

	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t) {
		drm_mm_takedown(&ggtt->mm);
		return -ENOMEM;
	}
	t->node.start = ggtt->oa_offset;
	t->node.size = ggtt_reserved(oa);
	t->node.color = GGTT_TAKEN;
	/* The range is inside the empty allocator: it cannot collide. */
	WARN_ON(drm_mm_reserve_node(&ggtt->mm, &t->node));
	list_add(&t->link, &ggtt->taken);
	ggtt->live = true;

	ret = drmm_add_action_or_reset(&oa->drm, ggtt_mm_fini, ggtt);
	if (ret)
		return ret;
	return devm_add_action_or_reset(&oa->pdev->dev, ggtt_unmap_all, oa);
}

/* Keep a range found mapped by someone else out of the allocator. */
static void ggtt_take(struct intel_oa_ggtt *ggtt, struct drm_mm_node *node)
{
	struct ggtt_taken *t = kzalloc(sizeof(*t), GFP_KERNEL);

	if (t) {
		t->node.start = node->start;
		t->node.size = node->size;
		t->node.color = GGTT_TAKEN;
		drm_mm_remove_node(node);
		if (!drm_mm_reserve_node(&ggtt->mm, &t->node)) {
			list_add(&t->link, &ggtt->taken);
			return;
		}
		kfree(t);
		return;
	}
	/* No memory to track it: leave @node allocated and forget it. */
	memset(node, 0, sizeof(*node));
}

/**
 * intel_oa_ggtt_alloc - allocate GGTT address space
 * @oa: device
 * @node: out: the range, to give back with intel_oa_ggtt_release()
 * @size: bytes, a multiple of PAGE_SIZE
 * @align: alignment, a power of two, at least PAGE_SIZE
 * @fixed: where the range must start, or U64_MAX for anywhere
 *
 * A range whose PTEs someone else made present (firmware's framebuffer,
 * the GuC's images) is never handed out: it is kept out of the allocator
 * the first time it is met.
 *
 * Return: 0, -ENOSPC if no free range fits (or @fixed is taken).
 */
int intel_oa_ggtt_alloc(struct intel_oa_device *oa, struct drm_mm_node *node,
			u64 size, u64 align, u64 fixed)
{
	struct intel_oa_ggtt *ggtt = &oa->ggtt;
	int ret;

	mutex_lock(&ggtt->mm_lock);
	for (;;) {
		memset(node, 0, sizeof(*node));
		if (fixed != U64_MAX) {
			node->start = fixed;
			node->size = size;
			ret = fixed + size > ggtt->size ? -ENOSPC :
			      drm_mm_reserve_node(&ggtt->mm, node);
			if (ret == -ENOSPC || ret == -EINVAL)
				ret = -ENOSPC;
		} else {
			ret = drm_mm_insert_node_generic(&ggtt->mm, node, size,
							 align, 0,
							 DRM_MM_INSERT_LOW);
		}
		if (ret)
			break;
		if (ggtt_pages_free(oa, node->start, size))
			break;
		ggtt_take(ggtt, node);
		if (fixed != U64_MAX) {
			ret = -ENOSPC;
			break;
		}
	}
	mutex_unlock(&ggtt->mm_lock);
	return ret;
}

/**
 * intel_oa_ggtt_release - unmap a range and give it back
 * @oa: device
 * @node: a range intel_oa_ggtt_alloc() gave (or an unallocated node)
 *
 * After unbind the PTEs are already cleared; only the range is freed.
 */
void intel_oa_ggtt_release(struct intel_oa_device *oa,
			   struct drm_mm_node *node)
{
	if (!drm_mm_node_allocated(node))
		return;
	mutex_lock(&oa->ggtt.mm_lock);
	if (oa->ggtt.live && !intel_oa_device_gone(oa))
		ggtt_clear_ptes(oa, node);
	drm_mm_remove_node(node);
	mutex_unlock(&oa->ggtt.mm_lock);
}

/**
 * intel_oa_ggtt_map_dma - map contiguous DMA memory at a new GGTT range
 * @oa: device
 * @node: out: the range, to give back with intel_oa_ggtt_release()
 * @dma: the memory's DMA address
 * @n: its number of pages
 *
 * Return: 0, -ENOMEM, -ENOSPC (no GGTT room).
 */
int intel_oa_ggtt_map_dma(struct intel_oa_device *oa, struct drm_mm_node *node,
			  dma_addr_t dma, unsigned int n)
{
	dma_addr_t *pages;
	unsigned int i;
	int ret;

	pages = kmalloc_array(n, sizeof(*pages), GFP_KERNEL);
	if (!pages)
		return -ENOMEM;
	ret = intel_oa_ggtt_alloc(oa, node, n * PAGE_SIZE, PAGE_SIZE, U64_MAX);
	if (!ret) {
		for (i = 0; i < n; i++)
			pages[i] = dma + i * PAGE_SIZE;
		intel_oa_ggtt_insert(oa, node->start, pages, n);
	}
	kfree(pages);
	return ret;
}
