module github.com/mhlo-alias/mhlo-alias

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4 // indirect
	github.com/sergi/go-diff v1.4.0 // indirect
)
