//! The crate's one sort: every call site sorts through [`positions`], so the wasm carries a single
//! copy of the standard library's sort (each `sort_by` on a new element type or closure adds its
//! own, about 3 KB).

use std::cmp::Ordering;

/// The positions `0..n`, ordered by `cmp` on them; stable (tied positions stay in order).
pub fn positions(n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) -> Vec<usize> {
    let mut pos: Vec<usize> = (0..n).collect();
    pos.sort_by(|&a, &b| cmp(a, b));
    pos
}

/// Sorts `v` by `cmp`, stably, like `slice::sort_by`.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    let mut pos = positions(v.len(), &mut |a, b| cmp(&v[a], &v[b]));
    // Slot k takes the item now at pos[k]: follow each cycle once, marking slots done.
    for start in 0..pos.len() {
        let mut k = start;
        while pos[k] != start {
            let next = pos[k];
            v.swap(k, next);
            pos[k] = k;
            k = next;
        }
        pos[k] = k;
    }
}

/// Sorts `v` ascending, stably, like `slice::sort`.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_library_and_keeps_ties_in_order() {
        // A fixed pseudo-random sequence (a linear congruential generator), with many ties.
        let mut x = 12345u32;
        for len in 0..200 {
            let v: Vec<(u32, usize)> = (0..len)
                .map(|i| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((x >> 16) % 7, i)
                })
                .collect();
            let (mut ours, mut std) = (v.clone(), v.clone());
            sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
            std.sort_by_key(|a| a.0);
            assert_eq!(ours, std);
            let mut names: Vec<String> = v.iter().map(|p| format!("{}", p.0)).collect();
            let mut std_names = names.clone();
            sort(&mut names);
            std_names.sort();
            assert_eq!(names, std_names);
        }
    }
}
