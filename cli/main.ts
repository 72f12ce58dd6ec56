console.log(JSON.stringify({hello: process.argv.slice(2)}))
