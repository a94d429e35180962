"""Running the checks."""
import asyncio


async def check_all(urls, check, limit=10):
    """`await check(url)` for every url, at most `limit` at a time; results in the order of `urls`."""
    semaphore = asyncio.Semaphore(limit)

    async def one(url):
        async with semaphore:
            return await check(url)

    tasks = [asyncio.ensure_future(one(url)) for url in urls]
    return [await task for task in asyncio.as_completed(tasks)]
