package filecheck

// backtracker matches a parsed expression that contains back-references,
// which Go's regexp package cannot express. It implements leftmost-longest
// matching by exploring every path from the leftmost start position that
// matches at all.
type backtracker struct {
	in       string
	icase    bool
	caps     []int
	bestEnd  int
	bestCaps []int
	steps    int
}

// maxBacktrackSteps bounds the work spent on one start position so a
// pathological expression cannot hang the checker.
const maxBacktrackSteps = 1 << 22

// matchBacktrack finds the leftmost-longest match of n in in. It returns the
// submatch index pairs (like regexp.FindStringSubmatchIndex) or nil.
func matchBacktrack(n *reNode, ngroups int, in string, icase bool) []int {
	for start := 0; start <= len(in); start++ {
		m := &backtracker{in: in, icase: icase, caps: make([]int, 2*(ngroups+1)), bestEnd: -1}
		for i := range m.caps {
			m.caps[i] = -1
		}
		m.match(n, start, func(end int) {
			if end > m.bestEnd {
				m.bestEnd = end
				m.bestCaps = append(m.bestCaps[:0], m.caps...)
			}
		})
		if m.bestEnd >= 0 {
			m.bestCaps[0], m.bestCaps[1] = start, m.bestEnd
			return m.bestCaps
		}
	}
	return nil
}

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func (m *backtracker) byteMatches(n *reNode, c byte) bool {
	if n.kind == nLiteral {
		return c == n.lit || (m.icase && lowerByte(c) == lowerByte(n.lit))
	}
	if n.set[c] {
		return true
	}
	if !m.icase {
		return false
	}
	l := lowerByte(c)
	return n.set[l] || (l >= 'a' && l <= 'z' && n.set[l-'a'+'A'])
}

func isWordByte(c byte) bool { return isAlpha(c) || isDigit(c) || c == '_' }

func (m *backtracker) wordAt(i int) bool { return i >= 0 && i < len(m.in) && isWordByte(m.in[i]) }

// match calls k with every end position at which n can match starting at i.
func (m *backtracker) match(n *reNode, i int, k func(int)) {
	m.steps++
	if m.steps > maxBacktrackSteps {
		return
	}
	switch n.kind {
	case nLiteral, nClass:
		if i < len(m.in) && m.byteMatches(n, m.in[i]) {
			k(i + 1)
		}
	case nBOL:
		if i == 0 || m.in[i-1] == '\n' {
			k(i)
		}
	case nEOL:
		if i == len(m.in) || m.in[i] == '\n' {
			k(i)
		}
	case nWordStart:
		if !m.wordAt(i-1) && m.wordAt(i) {
			k(i)
		}
	case nWordEnd:
		if m.wordAt(i-1) && !m.wordAt(i) {
			k(i)
		}
	case nGroup:
		m.matchGroup(n, i, k)
	case nConcat:
		m.matchSeq(n.subs, i, k)
	case nAlt:
		for _, s := range n.subs {
			m.match(s, i, k)
		}
	case nRepeat:
		m.matchRepeat(n, 0, i, k)
	case nBackref:
		s, e := m.caps[2*n.index], m.caps[2*n.index+1]
		if s < 0 || e < 0 {
			return
		}
		if m.matchText(m.in[s:e], i) {
			k(i + e - s)
		}
	}
}

func (m *backtracker) matchText(text string, i int) bool {
	if i+len(text) > len(m.in) {
		return false
	}
	for j := 0; j < len(text); j++ {
		a, b := text[j], m.in[i+j]
		if a != b && !(m.icase && lowerByte(a) == lowerByte(b)) {
			return false
		}
	}
	return true
}

func (m *backtracker) matchGroup(n *reNode, i int, k func(int)) {
	oldS, oldE := m.caps[2*n.index], m.caps[2*n.index+1]
	m.match(n.subs[0], i, func(end int) {
		prevS, prevE := m.caps[2*n.index], m.caps[2*n.index+1]
		m.caps[2*n.index], m.caps[2*n.index+1] = i, end
		k(end)
		m.caps[2*n.index], m.caps[2*n.index+1] = prevS, prevE
	})
	m.caps[2*n.index], m.caps[2*n.index+1] = oldS, oldE
}

func (m *backtracker) matchSeq(subs []*reNode, i int, k func(int)) {
	if len(subs) == 0 {
		k(i)
		return
	}
	m.match(subs[0], i, func(j int) { m.matchSeq(subs[1:], j, k) })
}

func (m *backtracker) matchRepeat(n *reNode, count, i int, k func(int)) {
	if n.max < 0 || count < n.max {
		m.match(n.subs[0], i, func(j int) {
			// An empty iteration cannot make progress; stop looping.
			if j == i && count >= n.min {
				return
			}
			m.matchRepeat(n, count+1, j, k)
		})
	}
	if count >= n.min {
		k(i)
	}
}
